import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { migrateToLatest } from '../database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('0016-closed-calls-index');
});
afterAll(() => database?.drop());

it('gives each call recorded so far its lead’s phone and name, and an erased lead’s calls none', async () => {
  const db = database.db;
  await sql`
    insert into users (id, name, email, role) values ('a1', 'Ana', 'ana@cca.test', 'assessor');
    insert into leads (id, name, phone, status, owner_id, erased_at) overriding system value values
      (1, 'Rosa', '+5511900000001', 'no_answer', 'a1', null),
      (2, null, null, 'do_not_call', null, now());
    insert into lead_attempts (lead_id, assessor_id, outcome, channel) values
      (1, 'a1', 'no_answer', 'phone'),
      (1, 'a1', 'no_answer', 'whatsapp'),
      (2, 'a1', 'no_answer', 'phone');
  `.execute(db);

  await migrateToLatest(db);

  const { rows } = await sql<{ leadId: number; leadName: string | null; leadPhone: string | null }>`
    select lead_id as "leadId", lead_name as "leadName", lead_phone as "leadPhone"
    from lead_attempts order by id
  `.execute(db);
  expect(rows).toEqual([
    { leadId: 1, leadName: 'Rosa', leadPhone: '+5511900000001' },
    { leadId: 1, leadName: 'Rosa', leadPhone: '+5511900000001' },
    { leadId: 2, leadName: null, leadPhone: null },
  ]);
});
