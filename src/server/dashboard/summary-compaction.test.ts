import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { defaultTimeZone } from '../config/env.ts';
import { setUpTestApp } from '../testing/set-up-test-app.ts';
import { compactSummaries } from './summary-compaction.ts';

const context = setUpTestApp({ assessors: { ana: 'Ana' } });
const db = () => context.t.database.db;

/** Rows of each summary for today's and yesterday's keys, beyond one a key. */
async function foldableRows() {
  const result = await sql<{ table: string; extra: number }>`
    select 'states' as table, (count(*) - count(distinct (day, user_id, state,
      coalesce(pause_reason_id, -1))))::int as extra
    from agent_state_daily_deltas where day >= current_date - 1
    union all
    select 'hours', (count(*) - count(distinct (day, hour, assessor_id)))::int
    from attempt_hourly_count_deltas where day >= current_date - 1
    union all
    select 'days', (count(*) - count(distinct (day, assessor_id, outcome)))::int
    from attempt_daily_count_deltas where day >= current_date - 1
  `.execute(db());
  return Object.fromEntries(result.rows.map((row) => [row.table, row.extra]));
}

/** What the summaries say: the same before and after a fold. */
async function sums() {
  const result = await sql<{ seconds: number; spans: number; hourly: number; daily: number }>`
    select
      (select sum(microseconds) from agent_state_daily_deltas)::float8 / 1e6 as seconds,
      (select sum(spans) from agent_state_daily_deltas)::int as spans,
      (select sum(attempts) from attempt_hourly_count_deltas)::int as hourly,
      (select sum(attempts) from attempt_daily_count_deltas)::int as daily
  `.execute(db());
  return result.rows[0];
}

describe('the summaries folded in the background', () => {
  it("fold a day's calls and states into one row a key, without anyone opening the dashboard", async () => {
    const { ana } = context;
    const now = Date.now();
    const leads = await context.t.seedLeads(3, { status: 'assigned', owner_id: ana.id });
    // Each statement adds its own rows, as each call and each change of state does.
    for (const [index, minutes] of [50, 40, 30].entries()) {
      await db()
        .insertInto('agent_state_log')
        .values({
          user_id: ana.id,
          state: 'on_call',
          started_at: new Date(now - minutes * 60_000),
          ended_at: new Date(now - (minutes - 5) * 60_000),
        })
        .execute();
      await db()
        .insertInto('lead_attempts')
        .values({
          lead_id: leads[index] as number,
          assessor_id: ana.id,
          outcome: 'no_answer',
          channel: 'phone',
          created_at: new Date(now - minutes * 60_000),
        })
        .execute();
    }
    const before = await foldableRows();
    expect(before.states).toBeGreaterThan(0);
    expect(before.days).toBeGreaterThan(0);
    const figures = await sums();
    expect(figures).toEqual({ seconds: 900, spans: 3, hourly: 3, daily: 3 });

    await compactSummaries(context.t.database, defaultTimeZone, new Date(now));
    expect(await foldableRows()).toEqual({ states: 0, hours: 0, days: 0 });
    expect(await sums()).toEqual(figures);
  });
});
