import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTimeZone } from '../config/env.ts';
import { createUnitOfWork, type RunUnitOfWork } from '../db/unit-of-work.ts';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';
import { createLeadChangeRepository, type LeadChangeRepository } from './lead-change.repository.ts';
import { eraseUntouchedLeads, retentionCutoff, startLeadRetention } from './lead-retention.ts';

let t: TestApp;
let leads: LeadChangeRepository;
let assessor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  leads = createLeadChangeRepository(t.database.db, defaultTimeZone);
  assessor = await t.createSignedInUser('assessor', 'Ana Assessora');
});
afterAll(() => t.close());

const now = new Date('2031-06-15T12:00:00Z');
// What the pages would hear is the publisher's test (event-publisher.test.ts), not this one's.
const events = { publish: () => {} };
// Made at each run: the test database exists only once the tests start.
const unitOfWork: RunUnitOfWork = (audit, work) =>
  createUnitOfWork(t.database.db, events)(audit, work);
const monthsAgo = (months: number, days = 0) => {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  date.setUTCDate(date.getUTCDate() - days);
  return date;
};
/** Every date a lead has: created, changed and status changed at the same moment. */
const allDates = (at: Date) => ({ created_at: at, updated_at: at, status_changed_at: at });

const rowOf = (id: number) =>
  t.database.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function erasedIds(ids: number[]): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('leads')
    .select('id')
    .where('id', 'in', ids)
    .where('erased_at', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

describe('retentionCutoff', () => {
  it.each([
    ['2031-06-15T12:00:00.000Z', 24, '2029-06-15T12:00:00.000Z'],
    ['2031-03-31T08:00:00.000Z', 1, '2031-02-28T08:00:00.000Z'],
    ['2032-03-31T08:00:00.000Z', 1, '2032-02-29T08:00:00.000Z'],
    ['2031-01-10T00:00:00.000Z', 13, '2029-12-10T00:00:00.000Z'],
  ])('%s minus %i months is %s', (at, months, cutoff) => {
    expect(retentionCutoff(new Date(at), months).toISOString()).toBe(cutoff);
  });
});

describe('eraseUntouchedLeads', () => {
  it('erases exactly the leads untouched for more than N months, and nothing more twice in a row', async () => {
    const old = monthsAgo(12, 1);
    const personal = {
      ...allDates(old),
      name: 'Antigo Sem Movimento',
      email: 'antigo@exemplo.com',
      notes: 'nota antiga',
      extra: { Profissão: 'Pedreiro' },
    };
    const [untouched] = await t.seedLeads(1, personal);
    const [untouchedOwned] = await t.seedLeads(1, {
      ...personal,
      status: 'no_answer',
      owner_id: assessor.id,
      assigned_at: old,
      last_note: 'ninguém atendeu',
    });
    await t.database.db
      .insertInto('lead_attempts')
      .values({
        lead_id: untouchedOwned as number,
        assessor_id: assessor.id,
        outcome: 'no_answer',
        channel: 'phone',
        note: 'ninguém atendeu',
        lead_phone: '+5511955550009',
        lead_name: personal.name,
        created_at: old,
      })
      .execute();

    const [fresh] = await t.seedLeads(1, allDates(monthsAgo(11)));
    const [edited] = await t.seedLeads(1, { ...allDates(old), updated_at: monthsAgo(1) });
    const [statusChanged] = await t.seedLeads(1, {
      ...allDates(old),
      status_changed_at: monthsAgo(2),
    });
    const [called] = await t.seedLeads(1, allDates(old));
    await t.database.db
      .insertInto('lead_attempts')
      .values({
        lead_id: called as number,
        assessor_id: assessor.id,
        outcome: 'red',
        channel: 'whatsapp',
        created_at: monthsAgo(3),
      })
      .execute();
    const [alreadyErased] = await t.seedLeads(1, {
      ...allDates(old),
      name: null,
      phone: null,
      erased_at: old,
    });
    const ids = [
      untouched,
      untouchedOwned,
      fresh,
      edited,
      statusChanged,
      called,
      alreadyErased,
    ] as number[];
    const before = await t.database.db
      .selectFrom('leads')
      .selectAll()
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();

    const first = await eraseUntouchedLeads(leads, {
      months: 12,
      now,
      unitOfWork,
      batchSize: 1,
    });
    expect(first).toEqual({ erased: 2, ran: true });
    // Each batch's erasure is audited in its own transaction: one row per batch that erased.
    expect(
      await t.database.db
        .selectFrom('audit_log')
        .select(['actor_id', 'details'])
        .where('action', '=', 'lead.erased')
        .where(sql<boolean>`details->>'retentionMonths' = '12'`)
        .execute(),
    ).toEqual([
      { actor_id: null, details: { erased: 1, retentionMonths: 12 } },
      { actor_id: null, details: { erased: 1, retentionMonths: 12 } },
    ]);
    expect(await erasedIds(ids)).toEqual(
      [untouched, untouchedOwned, alreadyErased].sort((a, b) => (a as number) - (b as number)),
    );

    for (const id of [untouched, untouchedOwned] as number[]) {
      expect(await rowOf(id)).toMatchObject({
        name: null,
        phone: null,
        email: null,
        notes: null,
        last_note: null,
        extra: {},
        status: 'do_not_call',
        owner_id: null,
      });
      const names = await t.database.db
        .selectFrom('lead_names')
        .select('lead_id')
        .where('lead_id', '=', id)
        .execute();
      expect(names).toEqual([]);
    }
    expect((await rowOf(untouchedOwned as number)).last_owner_id).toBe(assessor.id);
    const history = await t.database.db
      .selectFrom('lead_history')
      .selectAll()
      .where('lead_id', '=', untouchedOwned as number)
      .execute();
    expect(history).toMatchObject([
      {
        changed_by: null,
        from_status: 'no_answer',
        to_status: 'do_not_call',
        from_owner_id: assessor.id,
        reason: 'Dados apagados (LGPD): sem movimento há mais de 12 meses',
      },
    ]);
    const calls = await t.database.db
      .selectFrom('lead_attempts')
      .select(['note', 'lead_phone', 'lead_name'])
      .where('lead_id', '=', untouchedOwned as number)
      .execute();
    expect(calls).toEqual([{ note: null, lead_phone: null, lead_name: null }]);
    const blocked = await t.database.db.selectFrom('do_not_call').select('phone').execute();
    expect(blocked).toEqual([]);

    // The leads it must not touch are exactly as they were.
    const after = await t.database.db
      .selectFrom('leads')
      .selectAll()
      .where('id', 'in', [fresh, edited, statusChanged, called, alreadyErased] as number[])
      .orderBy('id')
      .execute();
    expect(after).toEqual(
      before.filter((row) =>
        [fresh, edited, statusChanged, called, alreadyErased].includes(row.id),
      ),
    );

    const historyCount = async () =>
      (
        await t.database.db
          .selectFrom('lead_history')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count;
    const historyBefore = await historyCount();
    expect(await eraseUntouchedLeads(leads, { months: 12, now, unitOfWork })).toEqual({
      erased: 0,
      ran: true,
    });
    expect(await historyCount()).toBe(historyBefore);
  });

  it('leaves the work to the server holding the retention lock', async () => {
    const [old] = await t.seedLeads(1, allDates(monthsAgo(30)));
    // Another server in the middle of its run holds the lock in its transaction.
    const whileHeld = await t.database.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('cca.lead-retention'))`.execute(trx);
      return eraseUntouchedLeads(leads, { months: 24, now, unitOfWork });
    });
    expect(whileHeld).toEqual({ erased: 0, ran: false });
    expect(await erasedIds([old as number])).toEqual([]);
    expect(await eraseUntouchedLeads(leads, { months: 24, now, unitOfWork })).toEqual({
      erased: 1,
      ran: true,
    });
  });
});

describe('startLeadRetention', () => {
  it('runs at start, logs how many it erased, and does nothing when off', async () => {
    const [old] = await t.seedLeads(1, allDates(monthsAgo(40)));
    const offLog: string[] = [];
    const off = startLeadRetention({
      database: t.database,
      events,
      timeZone: defaultTimeZone,
      months: 0,
      log: (message) => offLog.push(message),
      now: () => now,
    });
    await off.stop();
    expect(offLog).toEqual([]);
    expect(await erasedIds([old as number])).toEqual([]);

    const log: string[] = [];
    const job = startLeadRetention({
      database: t.database,
      events,
      timeZone: defaultTimeZone,
      months: 36,
      log: (message) => log.push(message),
      now: () => now,
    });
    await job.stop();
    expect(log).toEqual([
      'retenção LGPD: dados pessoais apagados de 1 lead sem movimento há mais de 36 meses',
    ]);
    expect(await erasedIds([old as number])).toEqual([old]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'ip', 'details'])
      .where('action', '=', 'lead.erased')
      // The other tests' runs, with other months, left their own rows.
      .where(sql<boolean>`details->>'retentionMonths' = '36'`)
      .execute();
    expect(audit).toEqual([
      { actor_id: null, ip: null, details: { erased: 1, retentionMonths: 36 } },
    ]);
  });
});
