import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, it } from 'vitest';
import { embeddedSettings, startEmbeddedPostgres } from './embedded-postgres.ts';

it('runs the embedded PostgreSQL with its own settings: loopback only, 512 MB of cache', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cca-embedded-'));
  const embedded = await startEmbeddedPostgres(dataDir, () => {});
  const client = new pg.Client({ connectionString: embedded.connectionString });
  try {
    await client.connect();
    for (const [name, value] of embeddedSettings) {
      const { rows } = await client.query<{ setting: string }>(
        'select current_setting($1) as setting',
        [name],
      );
      expect(rows[0]?.setting, name).toBe(value);
    }
    const { rows } = await client.query<{ setting: string }>(
      "select current_setting('wal_buffers') as setting",
    );
    expect(rows[0]?.setting).toBe('16MB');
  } finally {
    await client.end();
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
