import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../http/error-handler.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { createDatabase, type DatabaseHandle } from './database.ts';

// PostgreSQL going away (a restart, a failover, a killed backend) ends the connections a
// transaction holds between two of its queries. pg reports that as an 'error' event of the
// client, which the pool listens to only while the client is idle: unheard, it is thrown out
// of the socket's handler and ends the server process.
let database: TestDatabase;
let handle: DatabaseHandle;
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => void uncaught.push(error);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});
beforeEach(() => {
  uncaught.length = 0;
  process.on('uncaughtException', onUncaught);
  handle = createDatabase({
    connectionString: database.connectionString,
    poolSize: 2,
    statementTimeoutMs: 5_000,
  });
});
afterEach(async () => {
  process.off('uncaughtException', onUncaught);
  await handle.close();
});

it('a connection ended while a transaction holds it fails that transaction, clearly, and nothing else', async () => {
  const failure = await handle.db
    .transaction()
    .execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await sql`select pg_terminate_backend(${rows[0]?.pid})`.execute(database.db);
      // The server's goodbye and the closed socket arrive while no query of the transaction runs.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql`select 1`.execute(trx);
    })
    .then(
      () => undefined,
      (error: unknown) => error,
    );
  expect(uncaught).toEqual([]);
  expect(failure).toBeInstanceOf(Error);
  expect(isDatabaseUnavailable(failure)).toBe(true);

  // The pool replaced the lost connection.
  const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
  expect(rows).toEqual([{ one: 1 }]);
});
