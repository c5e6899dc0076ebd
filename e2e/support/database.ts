import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * The browser tests' server database, for what a browser cannot do: move a lead's time on, so
 * that a wait of minutes passes at once. Its port is in PostgreSQL's own postmaster.pid (fourth
 * line), its password beside it in the data folder.
 */
export async function withServerDatabase<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const dataDir = inject('dataDir');
  const pid = await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(pid.split('\n')[3]);
  const password = (await readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'cca', password, database: 'cca' });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
