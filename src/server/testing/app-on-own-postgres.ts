import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { createDatabase, type DatabaseHandle, migrateToLatest } from '../db/database.ts';
import {
  type EmbeddedDatabase,
  findFreePort,
  startEmbeddedPostgres,
} from '../db/embedded-postgres.ts';
import { createUserRepository, ensureFirstAdmin } from '../users/index.ts';
import { adminCredentials, testAuthSecret, testEnv } from './test-app.ts';

export interface AppOnOwnPostgres {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Stops the database under the running app, as an outage would. */
  stopDatabase(): Promise<void>;
  /** Starts it again on the same files and port: the app must find it by itself. */
  startDatabase(): Promise<void>;
  /** Kills the database's postmaster (SIGKILL), as the OOM killer would. */
  killDatabase(): Promise<void>;
  /** Freezes every process of the database (SIGSTOP), as a paused machine would. */
  freezeDatabase(): Promise<void>;
  /** Lets them run again (SIGCONT). */
  thawDatabase(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The app on an embedded PostgreSQL of its own, with the first admin, so that a test can stop
 * and start the database without touching the other test files' databases.
 */
export async function startAppOnOwnPostgres(poolSize: number): Promise<AppOnOwnPostgres> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cca-own-postgres-'));
  const port = await findFreePort();
  let postgres: EmbeddedDatabase | undefined = await startEmbeddedPostgres(dataDir, () => {}, {
    port,
  });
  const database = createDatabase({
    connectionString: postgres.connectionString,
    poolSize,
    statementTimeoutMs: 5_000,
  });
  await migrateToLatest(database.db);
  await ensureFirstAdmin(createUserRepository(database.db), { ...adminCredentials, name: 'Admin' });
  const app = await buildApp({
    env: testEnv,
    database,
    mailer: { send: async () => {} },
    authSecret: testAuthSecret,
  });
  return {
    app,
    database,
    async stopDatabase() {
      await postgres?.stop();
      postgres = undefined;
    },
    async startDatabase() {
      postgres = await startEmbeddedPostgres(dataDir, () => {}, { port });
    },
    async killDatabase() {
      const [postmaster] = await clusterProcesses(dataDir);
      if (postmaster) process.kill(postmaster, 'SIGKILL');
    },
    async freezeDatabase() {
      // The postmaster first: a backend it forked after the children were listed would
      // otherwise go on answering its connection through the whole freeze.
      const [postmaster] = await clusterProcesses(dataDir);
      if (postmaster !== undefined) process.kill(postmaster, 'SIGSTOP');
      for (const pid of await clusterProcesses(dataDir)) process.kill(pid, 'SIGSTOP');
    },
    async thawDatabase() {
      for (const pid of await clusterProcesses(dataDir)) process.kill(pid, 'SIGCONT');
    },
    async close() {
      await app.close();
      await database.close();
      await postgres?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The cluster's postmaster and every process it started (backends, checkpointer, …). */
async function clusterProcesses(dataDir: string): Promise<number[]> {
  const pidFile = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const postmaster = Number.parseInt(pidFile.split('\n')[0] ?? '', 10);
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // "pid (name) state ppid …": the name may hold spaces and parentheses.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === postmaster) children.push(Number(entry));
  }
  return [postmaster, ...children];
}
