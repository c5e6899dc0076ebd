import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { migrateToLatest } from '../database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('0014-leads-autovacuum');
});
afterAll(() => database?.drop());

it('fills each lead’s last note from its latest call that had one', async () => {
  const db = database.db;
  await sql`
    insert into users (id, name, email, role) values ('a1', 'Ana', 'ana@cca.test', 'assessor');
    insert into leads (id, name, phone, status, owner_id) overriding system value values
      (1, 'Dois recados', '+5511900000001', 'no_answer', 'a1'),
      (2, 'Sem recado', '+5511900000002', 'no_answer', 'a1'),
      (3, 'Sem ligação', '+5511900000003', 'assigned', 'a1');
    insert into lead_attempts (lead_id, assessor_id, outcome, channel, note) values
      (1, 'a1', 'no_answer', 'phone', 'primeiro recado'),
      (1, 'a1', 'no_answer', 'phone', 'segundo recado'),
      (1, 'a1', 'no_answer', 'phone', null),
      (2, 'a1', 'no_answer', 'phone', null);
  `.execute(db);

  await migrateToLatest(db);

  const { rows } = await sql<{ id: number; lastNote: string | null }>`
    select id, last_note as "lastNote" from leads order by id
  `.execute(db);
  expect(rows).toEqual([
    { id: 1, lastNote: 'segundo recado' },
    { id: 2, lastNote: null },
    { id: 3, lastNote: null },
  ]);
});
