import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { invariantViolations } from '../testing/invariants.ts';
import { setUpTestApp } from '../testing/set-up-test-app.ts';
import { createDashboardRepository } from './dashboard.repository.ts';

// The reports' summaries of migration 0037 follow the dashboard's zone and compaction.
const context = setUpTestApp({ assessors: { ana: 'Ana' } });
const db = () => context.t.database.db;
const at = (iso: string) => new Date(iso);

async function stateDays(userId: string) {
  const result = await sql<{ day: string; state: string; seconds: number; spans: number }>`
    select to_char(day, 'YYYY-MM-DD') as day, state, sum(microseconds)::float8 / 1e6 as seconds,
      sum(spans)::int as spans, sum(span_microseconds)::float8 / 1e6 as whole
    from agent_state_daily_deltas where user_id = ${userId}
    group by 1, 2 order by 1, 2
  `.execute(db());
  return result.rows;
}

async function expectExact() {
  expect(await invariantViolations(db())).toEqual([]);
}

describe("the reports' summaries and the dashboard", () => {
  it('are counted again when the zone changes, and folded with the daily counts', async () => {
    const { ana } = context;
    await db()
      .insertInto('agent_state_log')
      .values(span2(ana.id, '2026-03-10T02:00:00Z', '2026-03-10T04:00:00Z'))
      .execute();
    const dashboard = createDashboardRepository(db());
    expect(await dashboard.syncTimeZone('UTC')).toBe(true);
    await expectExact();
    expect(await stateDays(ana.id)).toEqual([
      { day: '2026-03-10', state: 'available', seconds: 7200, spans: 1, whole: 7200 },
    ]);
    expect(await dashboard.syncTimeZone('America/Sao_Paulo')).toBe(true);
    await expectExact();

    // Three rows of one day and key fold into one, the sums unchanged.
    await db()
      .insertInto('agent_state_log')
      .values([
        span2(ana.id, '2026-03-10T12:00:00Z', '2026-03-10T12:10:00Z'),
        span2(ana.id, '2026-03-10T12:20:00Z', '2026-03-10T12:30:00Z'),
      ])
      .execute();
    const before = await stateDays(ana.id);
    await dashboard.compactDeltas('2026-03-10');
    expect(await stateDays(ana.id)).toEqual(before);
    const rows = await sql<{ rows: number }>`
      select count(*)::int as rows from agent_state_daily_deltas
      where user_id = ${ana.id} and day = '2026-03-10'
    `.execute(db());
    expect(rows.rows[0]?.rows).toBe(1);
    await expectExact();
  });
});

function span2(user: string, from: string, to: string) {
  return { user_id: user, state: 'available' as const, started_at: at(from), ended_at: at(to) };
}
