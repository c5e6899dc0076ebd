import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { invariantViolations } from './invariants.ts';
import { createTestApp, type TestApp, type TestUser } from './test-app.ts';

// The invariants are what the crash and outage tests rely on: each rule must see the damage
// it names. The data is made by the app, then broken the way a half-done write would.
let t: TestApp;
let assessor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  assessor = await t.createSignedInUser('assessor', 'Ana');
  await t.seedLeads(6);
  const distributed = await t.as(await t.signInAsAdmin()).post('/api/distributions', { each: 4 });
  expect(distributed.statusCode).toBe(201);
  const [lead] = await t.database.db
    .selectFrom('leads')
    .select('id')
    .where('owner_id', '=', assessor.id)
    .orderBy('id')
    .execute();
  const called = await t.recordCall(assessor, lead?.id as number, 'no_answer');
  expect(called.statusCode).toBe(201);
});

afterAll(async () => {
  await t?.close();
});

/** Runs `damage` in a transaction that is rolled back, answering the rules it broke. */
async function rulesBrokenBy(damage: string): Promise<string[]> {
  let broken: string[] = [];
  await t.database.db
    .transaction()
    .execute(async (trx) => {
      // Without the triggers, as a write that bypassed them or stopped half-way.
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql.raw(damage).execute(trx);
      broken = (await invariantViolations(trx)).map((violation) => violation.rule);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return broken;
}
class RolledBack extends Error {}

it('holds on data the app wrote', async () => {
  expect(await invariantViolations(t.database.db)).toEqual([]);
});

it('names each rule a half-done write breaks', async () => {
  const firstAssigned = `(select min(id) from leads where status = 'assigned')`;
  // The table's checks forbid an owner on a pool lead and none on a listed one; a closed lead
  // keeping its owner is left to this rule.
  expect(
    await rulesBrokenBy(`update leads set status = 'invalid' where id = ${firstAssigned}`),
  ).toEqual([
    'a lead has an owner exactly when its status is one of an assessor’s list',
    'the status counters (lead_status_count_deltas) equal the leads counted by status',
    'the last history row of a lead names its current status and owner',
  ]);
  expect(
    await rulesBrokenBy(`update leads set status = 'no_answer' where id = ${firstAssigned}`),
  ).toEqual([
    'the status counters (lead_status_count_deltas) equal the leads counted by status',
    'the last history row of a lead names its current status and owner',
  ]);
  expect(await rulesBrokenBy('delete from lead_attempts')).toEqual([
    'the daily call counts (attempt_daily_count_deltas) equal the calls counted by day, assessor and outcome',
    'the chart’s call totals (attempt_daily_total_deltas) equal the calls counted by day and outcome',
    'the calls by hour (attempt_hourly_count_deltas) equal the calls counted by day, hour and assessor',
    'a lead’s call counter (leads.attempts) equals its calls',
  ]);
  expect(await rulesBrokenBy('delete from attempt_hourly_total_deltas')).toEqual([
    'the calls by hour of the whole centre (attempt_hourly_total_deltas) equal the calls by hour of its assessors',
  ]);
  expect(await rulesBrokenBy(`update leads set recycles = 1 where id = ${firstAssigned}`)).toEqual([
    'a lead’s recycle counter (leads.recycles) equals its history rows into recycled',
  ]);
  expect(await rulesBrokenBy('delete from lead_names')).toEqual([
    'the name search table (lead_names) holds exactly the named leads’ names',
  ]);
  expect(await rulesBrokenBy('update distributions set result = null')).toEqual([
    'a distribution is whole: its answer stored, its count equal to its shares and to its history rows',
  ]);
  expect(await rulesBrokenBy('delete from distribution_shares')).toEqual([
    'a distribution is whole: its answer stored, its count equal to its shares and to its history rows',
  ]);
  expect(
    await rulesBrokenBy(`
      with batch as (
        insert into import_batches (file_name, file_size, format, source, mapping, columns, created_by)
        select 'lista.csv', 1, 'csv', 'lista', '{}', '[]', id from users limit 1
        returning id
      )
      update leads set batch_id = (select id from batch) where id = ${firstAssigned}
    `),
  ).toEqual([
    'a finished import counts its rows, its leads and its rejections; an unfinished one has none',
  ]);
  expect(
    await rulesBrokenBy(`
      insert into agent_state_log (user_id, state, started_at, ended_at)
      select id, 'available', now() - interval '1 hour', now() from users limit 1
    `),
  ).toEqual([
    'the state times (agent_state_daily_deltas) equal the closed spans of the log cut at the days',
  ]);
});
