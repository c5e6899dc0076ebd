import pg from 'pg';
import { inject } from 'vitest';
import { runningConnectionString } from '../../src/server/db/embedded-postgres.ts';

/**
 * The browser tests' server database, for what a browser cannot do: move a lead's time on, so
 * that a wait of minutes passes at once.
 */
export async function withServerDatabase<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: await runningConnectionString(inject('dataDir')),
  });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
