import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { disconnectQuietAssessors } from '../agent-states/index.ts';
import { invariantViolations } from '../testing/invariants.ts';
import { setUpTestApp } from '../testing/set-up-test-app.ts';

// The summaries of migration 0037, which the performance reports read: the calls by hour and
// the state times per day, kept by triggers whatever writes the calls and the state log.
const context = setUpTestApp({ assessors: { ana: 'Ana', bruno: 'Bruno' } });
const db = () => context.t.database.db;
const at = (iso: string) => new Date(iso);

beforeEach(async () => {
  await db().deleteFrom('agent_state_log').execute();
  await db().deleteFrom('agent_states').execute();
});

async function hourly() {
  const result = await sql<{ key: string; calls: number }>`
    select day || ' ' || hour || ' ' || assessor_id as key, sum(attempts)::int as calls
    from attempt_hourly_count_deltas group by 1 having sum(attempts) <> 0 order by 1
  `.execute(db());
  return Object.fromEntries(result.rows.map((row) => [row.key, row.calls]));
}

async function stateDays(userId: string) {
  const result = await sql<{ day: string; state: string; seconds: number; spans: number }>`
    select to_char(day, 'YYYY-MM-DD') as day, state, sum(microseconds)::float8 / 1e6 as seconds,
      sum(spans)::int as spans, sum(span_microseconds)::float8 / 1e6 as whole
    from agent_state_daily_deltas where user_id = ${userId}
    group by 1, 2
    having sum(microseconds) <> 0 or sum(spans) <> 0 or sum(span_microseconds) <> 0
    order by 1, 2
  `.execute(db());
  return result.rows;
}

/** The summaries' two rules hold (the calls inserted here skip the leads' own counters). */
async function expectExact() {
  const broken = (await invariantViolations(db())).filter((violation) =>
    /attempt_hourly_count_deltas|agent_state_daily_deltas/.test(violation.rule),
  );
  expect(broken).toEqual([]);
}

describe('the calls by hour', () => {
  it('follow the calls inserted, moved, deleted and undone', async () => {
    const { ana, bruno } = context;
    const [lead] = await context.t.seedLeads(1, { status: 'assigned', owner_id: ana.id });
    const call = (assessor: string, iso: string) => ({
      lead_id: lead as number,
      assessor_id: assessor,
      outcome: 'no_answer' as const,
      channel: 'phone' as const,
      created_at: at(iso),
    });
    // 09:10 and 09:50 in São Paulo for Ana, 23:30 of the 9th for Bruno.
    const inserted = await db()
      .insertInto('lead_attempts')
      .values([
        call(ana.id, '2026-03-10T12:10:00Z'),
        call(ana.id, '2026-03-10T12:50:00Z'),
        call(bruno.id, '2026-03-10T02:30:00Z'),
      ])
      .returning('id')
      .execute();
    expect(await hourly()).toMatchObject({
      [`2026-03-10 9 ${ana.id}`]: 2,
      [`2026-03-09 23 ${bruno.id}`]: 1,
    });
    await expectExact();

    await sql`
      update lead_attempts set created_at = ${at('2026-03-10T14:00:00Z')}, assessor_id = ${bruno.id}
      where id = ${inserted[0]?.id as number}
    `.execute(db());
    expect(await hourly()).toMatchObject({
      [`2026-03-10 9 ${ana.id}`]: 1,
      [`2026-03-10 11 ${bruno.id}`]: 1,
    });
    await db()
      .deleteFrom('lead_attempts')
      .where('id', '=', inserted[1]?.id as number)
      .execute();
    expect((await hourly())[`2026-03-10 9 ${ana.id}`]).toBeUndefined();
    await expectExact();
  });

  it('forget a call its assessor undoes', async () => {
    const { ana } = context;
    const [lead] = await context.t.seedLeads(1, { status: 'assigned', owner_id: ana.id });
    const before = await hourly();
    const recorded = await context.t.recordCall(ana, lead as number, 'red', { channel: 'phone' });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const total = (rows: Record<string, number>) =>
      Object.values(rows).reduce((sum, calls) => sum + calls, 0);
    expect(total(await hourly())).toBe(total(before) + 1);
    const undone = await context.t.as(ana).post(`/api/attempts/${recorded.json().attempt.id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await hourly()).toEqual(before);
    await expectExact();
  });
});

describe('the state times per day', () => {
  const span = (
    user: string,
    state: 'available' | 'on_call' | 'paused' | 'disconnected',
    from: string,
    to: string | null,
  ) => ({ user_id: user, state, started_at: at(from), ended_at: to ? at(to) : null });

  it('count a span when it closes, cut at the midnights of the call centre', async () => {
    const { ana } = context;
    // 23:00 of the 9th in São Paulo, open: nothing counted yet.
    await db()
      .insertInto('agent_state_log')
      .values(span(ana.id, 'on_call', '2026-03-10T02:00:00Z', null))
      .execute();
    expect(await stateDays(ana.id)).toEqual([]);
    // Closed at 01:30 of the 10th: one hour on the 9th, 90 minutes on the 10th; the span and
    // its whole length on the day it started.
    await db()
      .updateTable('agent_state_log')
      .set({ ended_at: at('2026-03-10T04:30:00Z') })
      .where('user_id', '=', ana.id)
      .execute();
    expect(await stateDays(ana.id)).toEqual([
      { day: '2026-03-09', state: 'on_call', seconds: 3600, spans: 1, whole: 9000 },
      { day: '2026-03-10', state: 'on_call', seconds: 5400, spans: 0, whole: 0 },
    ]);
    await expectExact();

    // Inserted closed (the demo's bulk rows), 23:00 of the 10th to 01:00 of the 13th; disconnected is not counted.
    await db()
      .insertInto('agent_state_log')
      .values([
        span(ana.id, 'paused', '2026-03-11T02:00:00Z', '2026-03-13T04:00:00Z'),
        span(ana.id, 'disconnected', '2026-03-13T04:00:00Z', '2026-03-13T05:00:00Z'),
      ])
      .execute();
    const paused = (await stateDays(ana.id)).filter((row) => row.state === 'paused');
    expect(paused.map((row) => [row.day, row.seconds, row.spans])).toEqual([
      ['2026-03-10', 3600, 1],
      ['2026-03-11', 86_400, 0],
      ['2026-03-12', 86_400, 0],
      ['2026-03-13', 3600, 0],
    ]);
    expect((await stateDays(ana.id)).some((row) => row.state === 'disconnected')).toBe(false);
    await expectExact();

    // A correction of a closed span, then its deletion, are taken back.
    await db()
      .updateTable('agent_state_log')
      .set({ ended_at: at('2026-03-10T03:00:00Z') })
      .where('state', '=', 'on_call')
      .execute();
    expect((await stateDays(ana.id)).filter((row) => row.state === 'on_call')).toEqual([
      { day: '2026-03-09', state: 'on_call', seconds: 3600, spans: 1, whole: 3600 },
    ]);
    await db().deleteFrom('agent_state_log').where('user_id', '=', ana.id).execute();
    expect(await stateDays(ana.id)).toEqual([]);
    await expectExact();
  });

  it('count the span the quiet assessors job closes', async () => {
    const { bruno } = context;
    const presence = await context.t.as(bruno).post('/api/agent-state/presence');
    expect(presence.statusCode, presence.body).toBeLessThan(300);
    // The page went quiet two minutes ago: the job disconnects from its last sign.
    await db()
      .updateTable('agent_states')
      .set({ seen_at: new Date(Date.now() - 120_000), since: new Date(Date.now() - 180_000) })
      .where('user_id', '=', bruno.id)
      .execute();
    await db()
      .updateTable('agent_state_log')
      .set({ started_at: new Date(Date.now() - 180_000) })
      .where('user_id', '=', bruno.id)
      .execute();
    const changed = await disconnectQuietAssessors({
      database: context.t.database,
      events: { publish: () => {} },
      now: Date.now(),
    });
    expect(changed).toEqual([bruno.id]);
    const days = await stateDays(bruno.id);
    expect(days.reduce((sum, row) => sum + row.seconds, 0)).toBeCloseTo(60, 0);
    await expectExact();
  });
});
