import {
  Kysely,
  type MigrationResultSet,
  Migrator,
  PostgresDialect,
  type RawBuilder,
  sql,
} from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

// timestamptz and timestamp come back as Date; bigint counts (int8) as numbers, since no count
// this application keeps comes near 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

const preparedMark = /^\/\* prepared ([\w-]+) \*\//;

/**
 * A hot query, marked to run as a named prepared statement: PostgreSQL then plans it once per
 * connection instead of on every call. Planning the assessor's list cost as much as running it.
 * Only fixed SQL texts belong here (one text per name): each name holds a plan on every
 * connection for as long as the connection lives.
 */
export function prepared<T>(name: string, query: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(`/* prepared ${name} */`)} ${query}`;
}

/** pg's message when a query got no answer within `query_timeout`. */
const unansweredQueryMessage = 'Query read timeout';

/**
 * pg's client, sending the queries marked by `prepared` with their statement name, and
 * closing itself when a query went unanswered: the server may still be running it (a frozen
 * PostgreSQL), so the pool must not hand this connection out again.
 */
class PoolClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this only adds a name.
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === 'string' ? preparedMark.exec(config)?.[1] : undefined;
    const result =
      name === undefined
        ? super.query(config, values, callback)
        : super.query({ name, text: config, values }, callback);
    if (result instanceof Promise) result.catch((error: unknown) => this.closeIfUnanswered(error));
    return result;
  }

  private closeIfUnanswered(error: unknown) {
    if (error instanceof Error && error.message === unansweredQueryMessage) {
      this.end().catch(() => {});
    }
  }
}

/**
 * How long the server has to answer a query beyond its statement timeout: past both, it is
 * not working on it but stopped (SIGSTOP, a paused machine), and waiting longer only ties up
 * the connection.
 */
export const answerGraceMs = 2_000;

export interface DatabaseOptions {
  connectionString: string;
  poolSize: number;
  statementTimeoutMs: number;
  onPoolError?: (error: Error) => void;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** Where it connects: a backup's scratch database is made beside it. */
  connectionString: string;
  pool: pg.Pool;
  /**
   * A connection of its own, outside the pool and its time limits, for work that runs for
   * minutes (an import); the caller ends it.
   */
  connectUnlimited(): Promise<pg.Client>;
  close(): Promise<void>;
}

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: options.statementTimeoutMs,
    query_timeout: options.statementTimeoutMs + answerGraceMs,
    idle_in_transaction_session_timeout: options.statementTimeoutMs * 2,
    application_name: 'cca',
    Client: PoolClient,
  });
  // An idle client whose server went away emits here; without a listener it would crash the
  // process. The pool drops the client and opens a new one on the next query.
  pool.on('error', (error) => options.onPoolError?.(error));
  // The pool listens only to idle clients. A client held by a transaction between two queries
  // when the server goes away emits too, and unheard that error would end the process. The
  // transaction's next query fails with the same cause (a 503) and the pool drops the client.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    connectionString: options.connectionString,
    pool,
    async connectUnlimited() {
      const client = new pg.Client({
        connectionString: options.connectionString,
        connectionTimeoutMillis: 5_000,
        application_name: 'cca',
      });
      // A lost connection fails the next query; unheard, the error would end the process.
      client.on('error', () => {});
      await client.connect();
      return client;
    },
    close: () => db.destroy(),
  };
}

/** The migrator of CCA's migrations; a failure is thrown, not returned. */
async function migrate(
  db: Kysely<Database>,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
) {
  const result = await run(
    new Migrator({ db, provider: { getMigrations: async () => migrations } }),
  );
  if (result.error) {
    throw result.error instanceof Error ? result.error : new Error(String(result.error));
  }
  return result;
}

export const migrateToLatest = (db: Kysely<Database>) =>
  migrate(db, (migrator) => migrator.migrateToLatest());

/** Up to the migration named, included: a migration's test starts from the one before it. */
export const migrateUpTo = (db: Kysely<Database>, name: string) =>
  migrate(db, (migrator) => migrator.migrateTo(name));
