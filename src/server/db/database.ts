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
  /** False behind a transaction pooler: the next query may reach a server that never saw the name. */
  protected readonly namesStatements: boolean = true;

  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this only adds a name.
  override query(config: any, values?: any, callback?: any): any {
    const name =
      this.namesStatements && typeof config === 'string'
        ? preparedMark.exec(config)?.[1]
        : undefined;
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
 * The pool's client behind PgBouncer in transaction mode, which does not carry a prepared
 * statement from one server connection to the next (before 1.21, or without
 * max_prepared_statements): every query goes unnamed.
 */
class TransactionPoolClient extends PoolClient {
  protected override readonly namesStatements = false;
}

/**
 * How long the server has to answer a query beyond its statement timeout: past both, it is
 * not working on it but stopped (SIGSTOP, a paused machine), and waiting longer only ties up
 * the connection.
 */
export const answerGraceMs = 2_000;

export interface DatabaseOptions {
  connectionString: string;
  /**
   * The server itself, when `connectionString` is a pooler in transaction mode (PgBouncer): the
   * pool then names no statement and sets nothing at start-up, and what needs a session of its
   * own connects here (decision 039).
   */
  directConnectionString?: string;
  poolSize: number;
  statementTimeoutMs: number;
  onPoolError?: (error: Error) => void;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** Where the pool connects (DATABASE_URL: a pooler, when `directConnection` is apart). */
  connectionString: string;
  /**
   * The database for reports that may trail the last writes by a few seconds (the dashboard,
   * exports): a streaming replica in step when one is set (db/replica.ts), else `db`.
   */
  reads(): Kysely<Database>;
  pool: pg.Pool;
  /**
   * A connection of its own, outside the pool and its time limits, for work that runs for
   * minutes (an import); the caller ends it.
   */
  connectUnlimited(): Promise<pg.Client>;
  /**
   * The pool's settings on the server itself, for a session of its own (the LISTEN connection)
   * and a database beside this one (a backup's scratch database).
   */
  directConnection: pg.ClientConfig & { connectionString: string };
  /** Kysely on the server itself, for the migrations: the migrator holds a session lock. */
  directDb: Kysely<Database>;
  close(): Promise<void>;
}

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  const sessionSettings = {
    statement_timeout: options.statementTimeoutMs,
    idle_in_transaction_session_timeout: options.statementTimeoutMs * 2,
  };
  const direct = options.directConnectionString;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A pooler's server connections take these from its connect_query: PgBouncer refuses a
    // start-up parameter it does not know, and one it ignores would set nothing.
    ...(direct === undefined ? sessionSettings : {}),
    query_timeout: options.statementTimeoutMs + answerGraceMs,
    application_name: 'cca',
    Client: direct === undefined ? PoolClient : TransactionPoolClient,
  });
  const hearErrors = (pool: pg.Pool) => {
    // An idle client whose server went away emits here; without a listener it would crash the
    // process. The pool drops the client and opens a new one on the next query.
    pool.on('error', (error) => options.onPoolError?.(error));
    // The pool listens only to idle clients. A client held by a transaction between two queries
    // when the server goes away emits too, and unheard that error would end the process. The
    // transaction's next query fails with the same cause (a 503) and the pool drops the client.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    return pool;
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: hearErrors(pool) }) });
  const directConnection =
    direct === undefined
      ? { ...pool.options, connectionString: options.connectionString }
      : { ...pool.options, ...sessionSettings, connectionString: direct, Client: PoolClient };
  // One connection, opened when first used: only the migrations take it.
  const directDb =
    direct === undefined
      ? db
      : new Kysely<Database>({
          dialect: new PostgresDialect({
            pool: hearErrors(new pg.Pool({ ...directConnection, max: 1 })),
          }),
        });
  return {
    db,
    connectionString: options.connectionString,
    reads: () => db,
    pool,
    async connectUnlimited() {
      const client = new pg.Client({
        connectionString: directConnection.connectionString,
        connectionTimeoutMillis: 5_000,
        application_name: 'cca',
      });
      // A lost connection fails the next query; unheard, the error would end the process.
      client.on('error', () => {});
      await client.connect();
      return client;
    },
    directConnection,
    directDb,
    async close() {
      await Promise.all([db.destroy(), directDb === db ? undefined : directDb.destroy()]);
    },
  };
}

/**
 * The time limits a pooled statement runs without (of statement_timeout and
 * idle_in_transaction_session_timeout), read through the pool: behind a pooler they come from
 * its server connections (PgBouncer's connect_query), not from CCA.
 */
export async function poolTimeoutsMissing(db: Kysely<Database>): Promise<string[]> {
  const names = ['statement_timeout', 'idle_in_transaction_session_timeout'];
  const { rows } = await sql<{ name: string; setting: string }>`
    select name, setting from pg_settings where name in (${sql.join(names)})
  `.execute(db);
  return names.filter((name) => rows.find((row) => row.name === name)?.setting === '0');
}

/**
 * What the migrations run on: a handle's connection to the server itself, since the migrator
 * takes a session lock and lets it go statements later, which behind a transaction pooler may
 * reach another server connection and leave the lock held.
 */
type MigrationTarget = Kysely<Database> | Pick<DatabaseHandle, 'directDb'>;

/** The migrator of CCA's migrations; a failure is thrown, not returned. */
async function migrate(
  target: MigrationTarget,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
) {
  const db = target instanceof Kysely ? target : target.directDb;
  const result = await run(
    new Migrator({ db, provider: { getMigrations: async () => migrations } }),
  );
  if (result.error) {
    throw result.error instanceof Error ? result.error : new Error(String(result.error));
  }
  return result;
}

export const migrateToLatest = (target: MigrationTarget) =>
  migrate(target, (migrator) => migrator.migrateToLatest());

/** Up to the migration named, included: a migration's test starts from the one before it. */
export const migrateUpTo = (target: MigrationTarget, name: string) =>
  migrate(target, (migrator) => migrator.migrateTo(name));
