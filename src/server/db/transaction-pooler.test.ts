import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { migrateToLatest, poolTimeoutsMissing, prepared } from './database.ts';
import type { Database } from './schema.ts';

// In the pgbouncer project the pool goes through PgBouncer in transaction mode, which hands
// each transaction the server connection idle the longest: whatever leans on a session's state
// fails here. Elsewhere the pool reaches the server itself, and the same must hold.
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

/** Has PgBouncer open a server connection for each of the pool's clients. */
async function openEveryConnection() {
  await Promise.all(
    Array.from({ length: 5 }, () => sql`select pg_sleep(0.05)`.execute(database.db)),
  );
}

it('answers a marked query again and again, whichever server connection it reaches', async () => {
  await openEveryConnection();
  for (let call = 0; call < 10; call++) {
    const { rows } = await prepared(
      'pooler-probe',
      sql<{ call: number }>`select ${call}::int as call`,
    ).execute(database.db);
    expect(rows).toEqual([{ call }]);
  }
});

it('lets the migrations’ session lock go on the connection that took it', async () => {
  await openEveryConnection();
  await migrateToLatest(database);
  const server = new pg.Client(database.directConnection);
  await server.connect();
  try {
    const { rows } = await server.query<{ held: number }>(
      `select count(*)::int as held from pg_locks
       where locktype = 'advisory'
         and database = (select oid from pg_database where datname = current_database())`,
    );
    expect(rows[0]?.held).toBe(0);
  } finally {
    await server.end();
  }
});

it('keeps a connection of its own on one session, from its first statement to its end', async () => {
  // An import ends its load by its session's process id; a backup holds a session lock.
  await openEveryConnection();
  const own = await database.connectUnlimited();
  const pids = new Set<number>();
  try {
    for (let statement = 0; statement < 3; statement++) {
      pids.add(
        (await own.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0,
      );
    }
    expect(pids.size).toBe(1);
    expect((await own.query('select pg_try_advisory_lock(4242) as locked')).rows[0]).toEqual({
      locked: true,
    });
  } finally {
    await own.end();
  }
  const next = await database.connectUnlimited();
  try {
    // The lock ended with its session; a pooler would have kept it on a server connection.
    expect((await next.query('select pg_try_advisory_lock(4242) as locked')).rows[0]).toEqual({
      locked: true,
    });
  } finally {
    await next.end();
  }
});

it('tells which time limits the pool’s statements lack', async () => {
  expect(await poolTimeoutsMissing(database.db)).toEqual([]);
  // A connection that sets nothing at start-up, as the pool behind a pooler: the server's
  // defaults (none) are what it gets.
  const bare = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: database.directConnection.connectionString, max: 1 }),
    }),
  });
  try {
    expect(await poolTimeoutsMissing(bare)).toEqual([
      'statement_timeout',
      'idle_in_transaction_session_timeout',
    ]);
  } finally {
    await bare.destroy();
  }
});
