import { Kysely, type MigrationResultSet, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

// timestamptz and timestamp come back as Date; bigint counts (int8) as numbers, since no count
// this application keeps comes near 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export interface DatabaseOptions {
  connectionString: string;
  poolSize: number;
  statementTimeoutMs: number;
  onPoolError?: (error: Error) => void;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: options.statementTimeoutMs,
    idle_in_transaction_session_timeout: options.statementTimeoutMs * 2,
    application_name: 'cca',
  });
  // An idle client whose server went away emits here; without a listener it would crash the
  // process. The pool drops the client and opens a new one on the next query.
  pool.on('error', (error) => options.onPoolError?.(error));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    close: () => db.destroy(),
  };
}

export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    throw result.error instanceof Error ? result.error : new Error(String(result.error));
  }
  return result;
}
