import { type ChildProcess, spawn } from 'node:child_process';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { defaultStatementTimeoutMs } from '../config/env.ts';
import { postgresIdentity } from '../db/postgres-as-root.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * A PgBouncer in transaction mode in front of postgresAdminUrl's server, in the pgbouncer
     * project only: the test apps' pools go through it, with the server as their direct URL.
     */
    poolerUrl?: string;
  }
}

/**
 * Starts Debian's PgBouncer for the run, in front of the server at TEST_POSTGRES_ADMIN_URL
 * (global-setup.ts runs first and creates the template there). Every database name is passed
 * through, since each test file makes one of its own.
 */
export default async function setup(project: TestProject) {
  const serverUrl = project.config.env.TEST_POSTGRES_ADMIN_URL;
  const program = project.config.env.PGBOUNCER_PATH;
  if (!serverUrl || !program)
    throw new Error('pgbouncer: TEST_POSTGRES_ADMIN_URL e PGBOUNCER_PATH');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cca-pgbouncer-'));
  const port = await freePort();
  const configFile = path.join(dir, 'pgbouncer.ini');
  await writeFile(configFile, pgbouncerConfig(new URL(serverUrl), port));
  // PgBouncer refuses to run as root: as root it runs as `postgres`, like the embedded server.
  const identity = await postgresIdentity();
  if (identity) {
    await chown(dir, identity.uid, identity.gid);
    await chown(configFile, identity.uid, identity.gid);
  }
  const pgbouncer = spawn(program, [configFile], {
    ...identity,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  pgbouncer.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4_000);
  });
  const poolerUrl = new URL(serverUrl);
  poolerUrl.port = String(port);
  const stop = async () => {
    await stopProcess(pgbouncer);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(poolerUrl.toString(), pgbouncer, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('poolerUrl', poolerUrl.toString());
  return stop;
}

/**
 * The settings docs/operations.md gives an operator (transaction mode; the pool's time limits
 * set on each server connection, since the pool sends none), plus what a test run needs: any
 * database name, trust, a port of its own, and no socket file.
 */
function pgbouncerConfig(server: URL, port: number) {
  const timeouts = [
    `SET statement_timeout = ${defaultStatementTimeoutMs}`,
    `SET idle_in_transaction_session_timeout = ${defaultStatementTimeoutMs * 2}`,
  ].join('; ');
  const target = [
    `host=${server.hostname}`,
    `port=${server.port || '5432'}`,
    `user=${decodeURIComponent(server.username || 'postgres')}`,
    ...(server.password ? [`password=${decodeURIComponent(server.password)}`] : []),
    `connect_query='${timeouts}'`,
  ].join(' ');
  return [
    '[databases]',
    `* = ${target}`,
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'auth_type = any',
    'pool_mode = transaction',
    'max_client_conn = 1000',
    'default_pool_size = 20',
    // Each transaction on the server connection idle the longest: what leans on a session's
    // state (a prepared statement, a session lock) fails here instead of passing by luck.
    'server_round_robin = 1',
    '',
  ].join('\n');
}

/** A loopback port free a moment ago. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`o PgBouncer parou ao iniciar:\n${log()}`);
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw new Error(`o PgBouncer não respondeu: ${String(error)}\n${log()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    // SIGTERM: PgBouncer closes every connection at once, the run is over.
    child.kill('SIGTERM');
  });
}
