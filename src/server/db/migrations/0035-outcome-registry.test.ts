import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneStates } from '../../../core/lead-phones.ts';
import { attemptOutcomes, closedStatuses, ownedStatuses } from '../../../core/lead-status.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { migrateToLatest } from '../database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('0034-erasure-copies');
  await sql`
    insert into users (id, name, email, role) values ('a1', 'Ana', 'ana@cca.test', 'assessor');
    insert into leads (id, name, phone, status, owner_id, callback_at) overriding system value
      values (1, 'Rosa', '+5511900000001', 'yellow', 'a1', now() + interval '1 day'),
        (2, 'Caio', '+5511900000002', 'invalid', null, null);
    insert into lead_attempts (lead_id, assessor_id, outcome, channel)
      values (2, 'a1', 'invalid', 'phone');
  `.execute(database.db);
  await migrateToLatest(database.db);
});
afterAll(() => database?.drop());

const rolledBack = new Error('rolled back');

/** Whether the statement is refused by a CHECK constraint; nothing it does is kept. */
const refused = async (statement: RawBuilder<unknown>) => {
  try {
    await database.db.transaction().execute(async (trx) => {
      await statement.execute(trx);
      throw rolledBack;
    });
  } catch (error) {
    if (error === rolledBack) return false;
    expect((error as { code?: string }).code, String(error)).toBe('23514');
  }
  return true;
};

describe('0035 outcome registry', () => {
  it('takes "Não conhece o titular": the call, the lead closed by it and the number it marks', async () => {
    expect(
      await refused(sql`
        insert into lead_attempts (lead_id, assessor_id, outcome, channel)
          values (2, 'a1', 'wrong_person', 'phone');
        insert into leads (id, name, phone, status) overriding system value
          values (3, 'Lia', '+5511900000003', 'wrong_person');
        insert into lead_phones (lead_id, position, phone, phone_raw, label, state)
          values (1, 1, '+5511900000004', '11900000004', 'Celular', 'not_owner');
      `),
    ).toBe(false);
  });

  it('accepts every outcome and number state of the registry, and nothing else', async () => {
    for (const outcome of attemptOutcomes) {
      const call = sql`insert into lead_attempts (lead_id, assessor_id, outcome, channel)
        values (2, 'a1', ${outcome}, 'phone')`;
      expect(await refused(call), outcome).toBe(false);
    }
    for (const state of phoneStates) {
      const number = sql`insert into lead_phones (lead_id, position, phone, phone_raw, label, state)
        values (1, 1, '+5511900000004', '11900000004', 'Celular', ${state})`;
      expect(await refused(number), state).toBe(false);
    }
    expect(
      await refused(sql`insert into lead_attempts (lead_id, assessor_id, outcome, channel)
        values (2, 'a1', 'busy', 'phone')`),
    ).toBe(true);
    expect(
      await refused(
        sql`insert into leads (id, name, phone, status) overriding system value
        values (3, 'Lia', '+5511900000003', 'busy')`,
      ),
    ).toBe(true);
    expect(
      await refused(sql`insert into lead_phones (lead_id, position, phone, phone_raw, label, state)
        values (1, 1, '+5511900000004', '11900000004', 'Celular', 'wrong_person')`),
    ).toBe(true);
  });

  it('keeps an owner on the statuses that need one and a time on a call-back', async () => {
    for (const status of ownedStatuses) {
      const ownerless = sql`update leads set status = ${status}, owner_id = null, callback_at = now()
        where id = 1`;
      expect(await refused(ownerless), status).toBe(true);
    }
    expect(await refused(sql`update leads set callback_at = null where id = 1`)).toBe(true);
    expect(
      await refused(sql`update leads set status = 'wrong_person', owner_id = null where id = 1`),
    ).toBe(false);
  });

  it('builds the index of the calls that close a lead on every closing outcome', async () => {
    const { rows } = await sql<{ definition: string }>`
      select pg_get_indexdef('lead_attempts_closing_idx'::regclass) as definition
    `.execute(database.db);
    for (const outcome of closedStatuses) expect(rows[0]?.definition).toContain(`'${outcome}'`);
  });
});
