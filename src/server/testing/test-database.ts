import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { defaultStatementTimeoutMs } from '../config/env.ts';
import {
  createDatabase,
  type DatabaseHandle,
  type DatabaseOptions,
  migrateToLatest,
  migrateUpTo,
} from '../db/database.ts';

export interface TestDatabase extends DatabaseHandle {
  /** Where the app's pool connects: PgBouncer's address in the pgbouncer project. */
  connectionString: string;
  /** How the app's handle connects, for another server process on the same database. */
  connectionOptions: Pick<DatabaseOptions, 'connectionString' | 'directConnectionString'>;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database of its own for one test file, migrated to the latest migration (a copy of the
 * run's template, migrated once) or, for a migration's own test, up to the one named.
 */
export async function createTestDatabase(upTo?: string): Promise<TestDatabase> {
  const name = `cca_test_${randomBytes(6).toString('hex')}`;
  const template = upTo ? '' : ` TEMPLATE ${inject('postgresTemplate')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}${template}`));
  const onServer = (base: string) => {
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const directConnectionString = onServer(inject('postgresAdminUrl'));
  const poolerUrl = inject('poolerUrl');
  const connectionString = poolerUrl ? onServer(poolerUrl) : directConnectionString;
  const connectionOptions = {
    connectionString,
    ...(poolerUrl ? { directConnectionString } : {}),
  };
  // A test's statement has the time the server gives it by default, so a large one (153,000
  // leads in one distribution) does not fail on a slower machine, or beside another test file,
  // for a limit stricter than the product's.
  const handle = createDatabase({
    ...connectionOptions,
    poolSize: 5,
    statementTimeoutMs: defaultStatementTimeoutMs,
  });
  if (upTo) await migrateUpTo(handle, upTo);
  else await migrateToLatest(handle);
  return {
    ...handle,
    connectionString,
    connectionOptions,
    async drop() {
      await handle.close();
      await withAdminClient((client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}
