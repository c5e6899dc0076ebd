import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { testOrigin } from '../src/server/testing/test-app.ts';
import type { BenchContext } from './context.ts';
import { eachOfFiftyThousand } from './distribution.bench.ts';
import { below, type Figure, median, percentile } from './harness.ts';
import { seedCalls } from './seed.ts';

const runs = 50;

/**
 * `GET /api/dashboard` over the seeded leads and calls (5 000 000 in the base run), and what
 * the summary triggers add to a distribution of 50 000 leads, the distribution suite's.
 */
export async function dashboardBenchmarks(context: BenchContext): Promise<Figure[]> {
  const { app, adminCookie, database, assessorIds, callCount: attemptCount } = context;
  const db = database.db;

  console.log(`  dashboard: gerando ${attemptCount.toLocaleString('pt-BR')} ligações…`);
  const seedStarted = performance.now();
  await seedCalls(db, attemptCount, assessorIds);
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const read = async (range = 'today') => {
    const response = await app.inject({
      url: `/api/dashboard?range=${range}`,
      headers: { cookie: adminCookie },
    });
    if (response.statusCode !== 200) {
      throw new Error(`dashboard: ${response.statusCode} ${response.body}`);
    }
    return response.json() as {
      totalLeads: number;
      attemptsByDay: { total: number }[];
      todayTotals: { calls: number };
      backlog: { total: number };
    };
  };
  const first30 = await read();
  const timed = async (range: string) => {
    await read(range);
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await read(range);
      times.push(performance.now() - started);
    }
    return times;
  };
  const times = await timed('today');
  // The widest period: 30 days of each assessor's counts.
  const monthTimes = await timed('30d');
  const calls30 = first30.attemptsByDay.reduce((sum, day) => sum + day.total, 0);

  // The same distribution with the lead-count triggers off, then on.
  const distribute = async () => {
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/distributions',
      headers: { origin: testOrigin, cookie: adminCookie, 'idempotency-key': randomUUID() },
      payload: { each: eachOfFiftyThousand(assessorIds.length) },
    });
    if (response.statusCode !== 201) {
      throw new Error(`distribution: ${response.statusCode} ${response.body}`);
    }
    return { ms: performance.now() - started, assigned: response.json().assigned as number };
  };
  const triggers = ['dashboard_leads_insert', 'dashboard_leads_update', 'dashboard_leads_delete'];
  const setTriggers = async (state: 'enable' | 'disable') => {
    for (const name of triggers) {
      await sql`alter table leads ${sql.raw(state)} trigger ${sql.ref(name)}`.execute(db);
    }
  };
  const without: number[] = [];
  const withTriggers: number[] = [];
  let assigned = 0;
  await setTriggers('disable');
  try {
    for (let run = 0; run < 3; run++) without.push((await distribute()).ms);
  } finally {
    await setTriggers('enable');
    // The counts missed the distributions above: start them again from the table.
    await sql`
      delete from lead_status_count_deltas;
      insert into lead_status_count_deltas (status, delta)
      select status, count(*) from leads group by status
    `.execute(db);
  }
  for (let run = 0; run < 3; run++) {
    const result = await distribute();
    withTriggers.push(result.ms);
    assigned = result.assigned;
  }
  const overhead = median(withTriggers) - median(without);

  return [
    below(
      `dashboard (${first30.totalLeads.toLocaleString('en')} leads, ${attemptCount.toLocaleString('en')} calls): median`,
      median(times),
      'ms',
      200,
      `${runs} calls after one warm-up; ${calls30.toLocaleString('en')} calls in the 30 days shown, ${first30.todayTotals.calls.toLocaleString('en')} of them today (read by the hour and by origin), ${first30.backlog.total.toLocaleString('en')} leads in the lists; seeding the calls took ${seedSeconds.toFixed(0)} s`,
    ),
    below('dashboard: p95', percentile(times, 95), 'ms', 200),
    below('dashboard, period of 30 days: median', median(monthTimes), 'ms', 200),
    below('dashboard, period of 30 days: p95', percentile(monthTimes, 95), 'ms', 200),
    below(
      `distribution of ${assigned.toLocaleString('en')} leads with the dashboard triggers`,
      median(withTriggers) / 1000,
      's',
      3,
      `median of 3; without the triggers ${(median(without) / 1000).toFixed(2)} s, so they add ${overhead.toFixed(0)} ms`,
    ),
  ];
}
