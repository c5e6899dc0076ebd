import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../db/embedded-postgres.ts';
import { postgresIdentity } from '../db/postgres-as-root.ts';
import {
  createDatabase,
  initialiseCluster,
  type PostgresInstall,
  type RunningPostgres,
  startPostgres,
} from '../db/postgres-process.ts';

/** Debian's PostgreSQL, whose pg_basebackup makes the standby (the embedded package has none). */
export const debianPostgres: PostgresInstall = {
  directory: '/usr/lib/postgresql/15',
  version: '15',
};

export interface PrimaryAndStandby {
  primaryUrl: string;
  standbyUrl: string;
  stopStandby(): Promise<void>;
  startStandby(): Promise<void>;
  close(): Promise<void>;
}

const fixedSettings = [
  ['listen_addresses', '127.0.0.1'],
  ['unix_socket_directories', ''],
] as const;

/**
 * Two real PostgreSQL servers: a primary with a database `cca`, and a streaming standby of it
 * made by `pg_basebackup -R`, each on a free loopback port (as the `postgres` user when root).
 * `extraSettings` go to both (a benchmark gives them the embedded server's cache).
 */
export async function startPrimaryAndStandby(
  extraSettings: readonly (readonly [string, string])[] = [],
): Promise<PrimaryAndStandby> {
  const settings = [...fixedSettings, ...extraSettings];
  const root = await mkdtemp(path.join(os.tmpdir(), 'cca-replica-'));
  const identity = await postgresIdentity();
  if (identity) await chown(root, identity.uid, identity.gid);
  const account = { user: 'cca', password: randomBytes(12).toString('hex') };
  const [primaryPort, standbyPort] = [await findFreePort(), await findFreePort()];
  const url = (port: number, database: string) =>
    `postgres://${account.user}:${account.password}@127.0.0.1:${port}/${database}`;
  const primaryDir = path.join(root, 'primary');
  const standbyDir = path.join(root, 'standby');

  await initialiseCluster(debianPostgres, primaryDir, account, identity);
  const primary = await startPostgres(
    debianPostgres,
    primaryDir,
    { port: primaryPort, settings },
    identity,
  );
  let standby: RunningPostgres | undefined;
  try {
    await createDatabase(url(primaryPort, 'postgres'), 'cca');
    await baseBackup(primaryPort, standbyDir, account, identity);
    const startStandby = async () => {
      standby = await startPostgres(
        debianPostgres,
        standbyDir,
        { port: standbyPort, settings },
        identity,
      );
    };
    await startStandby();
    return {
      primaryUrl: url(primaryPort, 'cca'),
      standbyUrl: url(standbyPort, 'cca'),
      startStandby,
      async stopStandby() {
        await standby?.stop();
        standby = undefined;
      },
      async close() {
        await standby?.stop();
        await primary.stop();
        await rm(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await standby?.stop();
    await primary.stop();
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}

async function baseBackup(
  port: number,
  target: string,
  account: { user: string; password: string },
  identity: Awaited<ReturnType<typeof postgresIdentity>>,
) {
  const child = spawn(
    path.join(debianPostgres.directory, 'bin', 'pg_basebackup'),
    ['-h', '127.0.0.1', '-p', String(port), '-U', account.user, '-D', target, '-R', '-c', 'fast'],
    {
      ...identity,
      env: { ...process.env, PGPASSWORD: account.password, LC_ALL: 'C' },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`pg_basebackup saiu com o código ${code}: ${output}`);
}
