import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

async function storageOptions(table: string) {
  const { rows } = await sql<{ option: string }>`
    select unnest(reloptions) as option from pg_class where oid = ${table}::regclass order by 1
  `.execute(database.db);
  return rows.map((row) => row.option);
}

const afterOnePercent = ['autovacuum_vacuum_scale_factor=0.01', 'autovacuum_vacuum_threshold=1000'];

// Every call leaves dead index entries that the assessor's list steps over until a vacuum:
// the leads table is vacuumed after 1 % of it changed, not PostgreSQL's default 20 %.
it('has autovacuum clear the leads table after 1 % of it changed', async () => {
  expect(await storageOptions('leads')).toEqual(afterOnePercent);
});

// Every call leaves a dead row in today's sums once the dashboard folds them, in the range each
// of its reads scans; the table holds every day's sums, so a fifth of it is days of calls.
it("has autovacuum clear the dashboard's calls per day and assessor after 1 % of them died", async () => {
  expect(await storageOptions('attempt_daily_count_deltas')).toEqual(afterOnePercent);
});
