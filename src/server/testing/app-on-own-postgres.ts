import { mkdtemp, rm } from 'node:fs/promises';
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
import { ensureFirstAdmin } from '../users/first-admin.ts';
import { createUserRepository } from '../users/user.repository.ts';
import { adminCredentials, testAuthSecret, testEnv } from './test-app.ts';

export interface AppOnOwnPostgres {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Stops the database under the running app, as an outage would. */
  stopDatabase(): Promise<void>;
  /** Starts it again on the same files and port: the app must find it by itself. */
  startDatabase(): Promise<void>;
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
    async close() {
      await app.close();
      await database.close();
      await postgres?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
