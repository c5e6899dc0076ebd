import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

// Every call leaves dead index entries that the assessor's list steps over until a vacuum:
// the leads table is vacuumed after 1 % of it changed, not PostgreSQL's default 20 %.
it('has autovacuum clear the leads table after 1 % of it changed', async () => {
  const { rows } = await sql<{ option: string }>`
    select unnest(reloptions) as option from pg_class where oid = 'leads'::regclass order by 1
  `.execute(database.db);
  expect(rows.map((row) => row.option)).toEqual([
    'autovacuum_vacuum_scale_factor=0.01',
    'autovacuum_vacuum_threshold=1000',
  ]);
});
