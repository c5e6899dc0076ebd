import { cp, lstat, mkdtemp, readlink, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { canReach, postgresIdentity } from './postgres-as-root.ts';
import { type PostgresInstall, shippedPostgres } from './postgres-process.ts';

/**
 * CCA cloned by root into a folder only root may enter (under /root, or `mktemp -d`): the
 * `postgres` user that PostgreSQL runs as can reach neither its programs nor its data there.
 */
describe.runIf(process.getuid?.() === 0)('as root, in a folder only root may enter', () => {
  let privateFolder: string;
  let sharedRoot: string;
  let install: PostgresInstall;

  beforeAll(async () => {
    privateFolder = await mkdtemp(path.join(os.tmpdir(), 'cca-private-'));
    expect((await stat(privateFolder)).mode & 0o777).toBe(0o700);
    sharedRoot = await mkdtemp(path.join(os.tmpdir(), 'cca-shared-'));
    const shipped = await shippedPostgres();
    // The programs as npm would have put them in a clone in that folder.
    const directory = path.join(privateFolder, 'node_modules', 'postgresql');
    await cp(shipped.directory, directory, { recursive: true, verbatimSymlinks: true });
    install = { directory, version: `${shipped.version}-private` };
  }, 60_000);
  afterAll(async () => {
    await rm(privateFolder, { recursive: true, force: true });
    await rm(sharedRoot, { recursive: true, force: true });
  });

  it('starts, runs as postgres, and keeps its data across restarts', async () => {
    const identity = await postgresIdentity();
    const dataDir = path.join(privateFolder, 'data');
    expect(await canReach(identity, path.join(install.directory, 'bin', 'postgres'))).toBe(false);
    const messages: string[] = [];
    const start = () =>
      startEmbeddedPostgres(dataDir, (message) => messages.push(message), {
        install,
        sharedRoot,
      });

    let embedded = await start();
    let client = new pg.Client({ connectionString: embedded.connectionString });
    try {
      await client.connect();
      await client.query('create table kept (value text)');
      await client.query(`insert into kept values ('antes de parar')`);
      const { rows } = await client.query<{ user: string }>('select current_user as user');
      expect(rows[0]?.user).toBe('cca');
    } finally {
      await client.end();
      await embedded.stop();
    }

    const clusterLink = path.join(dataDir, 'postgres');
    expect((await lstat(clusterLink)).isSymbolicLink()).toBe(true);
    const clusterDir = await readlink(clusterLink);
    expect(clusterDir.startsWith(path.join(sharedRoot, 'clusters'))).toBe(true);
    expect((await stat(clusterDir)).uid).toBe(identity?.uid);
    expect(messages.join('\n')).toContain('O usuário postgres não tem acesso a');

    embedded = await start();
    client = new pg.Client({ connectionString: embedded.connectionString });
    try {
      await client.connect();
      const { rows } = await client.query<{ value: string }>('select value from kept');
      expect(rows).toEqual([{ value: 'antes de parar' }]);
    } finally {
      await client.end();
      await embedded.stop();
    }
  }, 120_000);
});
