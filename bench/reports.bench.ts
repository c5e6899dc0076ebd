import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/server/db/schema.ts';
import type { BenchContext } from './context.ts';
import { below, type Figure, median, percentile } from './harness.ts';
import { seedCalls } from './seed.ts';

const runs = 20;
/** The states of a working day: 50 of 12 minutes from 08:00, then signed out until the next. */
const statesPerDay = 50;
const teamCount = 20;

/**
 * The assessors' state log of `days` days up to now, each day as decision 041 expects it
 * (about 50 rows): on a call, available, now and then a pause, and signed out overnight.
 */
async function seedStates(db: Kysely<Database>, assessorIds: string[], days: number) {
  const reason = await sql<{ id: number }>`select min(id) as id from pause_reasons`.execute(db);
  const pauseId = reason.rows[0]?.id ?? null;
  for (const [index, assessorId] of assessorIds.entries()) {
    if (index % 100 === 0) {
      console.log(`  reports: estados dos assessores ${index + 1} a ${index + 100}…`);
    }
    await sql`
      insert into agent_state_log (user_id, state, pause_reason_id, started_at, ended_at)
      select ${assessorId}, s.state, case when s.state = 'paused' then ${pauseId}::int end,
        s.started_at, s.started_at + s.length
      from (
        select date_trunc('day', now()) - make_interval(days => d) + interval '8 hours'
            + make_interval(mins => k * 12) as started_at,
          case when k = ${statesPerDay} then 'disconnected'
            when k % 5 < 2 then 'on_call'
            when k % 25 = 4 then 'paused'
            else 'available' end as state,
          case when k = ${statesPerDay} then interval '14 hours' else interval '12 minutes' end
            as length
        from generate_series(1, ${days}) as d, generate_series(0, ${statesPerDay}) as k
      ) s
      order by s.started_at
    `.execute(db);
  }
  await sql`vacuum (analyze) agent_state_log`.execute(db);
}

/** The assessors in teams of equal size, as a call centre's floor is. */
async function seedTeams(db: Kysely<Database>, assessorIds: string[]) {
  const teams = await db
    .insertInto('teams')
    .values(Array.from({ length: teamCount }, (_, n) => ({ name: `Equipe ${n + 1}` })))
    .returning('id')
    .execute();
  for (const [n, team] of teams.entries()) {
    const members = assessorIds.filter((_, index) => index % teamCount === n);
    await db.updateTable('users').set({ team_id: team.id }).where('id', 'in', members).execute();
  }
}

/** The plan's nodes, outermost first, as EXPLAIN names them. */
async function planShape(db: Kysely<Database>, query: string): Promise<string> {
  const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(query)}`.execute(db);
  return rows
    .map((row) => row['QUERY PLAN'].trim().replace(/^->\s*/, ''))
    .filter((line) => /Scan|Aggregate|Join|Loop|Append/.test(line))
    .map((line) => line.replace(/\s+\(cost=.*$/, ''))
    .slice(0, 8)
    .join(' → ');
}

/**
 * `GET /api/reports/performance` for every assessor over 30 days (and its previous 30): the
 * calls from the daily deltas, the states and the calls by hour from their summaries (0037),
 * which the seed's set-based inserts of calls and closed states fill through the triggers.
 */
export async function reportsBenchmarks(context: BenchContext): Promise<Figure[]> {
  const { app, adminCookie, database, assessorIds, callCount } = context;
  const db = database.db;
  const existing = await sql<{ any: boolean }>`
    select exists (select 1 from lead_attempts) as any
  `.execute(db);
  let seedSeconds = 0;
  if (!existing.rows[0]?.any) {
    console.log(`  reports: gerando ${callCount.toLocaleString('pt-BR')} ligações…`);
    const started = performance.now();
    await seedCalls(db, callCount, assessorIds);
    seedSeconds = (performance.now() - started) / 1000;
  }
  // What autovacuum does to a table that took its rows long ago: the calls' time index is
  // then read alone, without a visit to each row's page.
  await sql`vacuum (analyze) lead_attempts`.execute(db);
  const statesStarted = performance.now();
  await seedStates(db, assessorIds, 61);
  await seedTeams(db, assessorIds);
  const statesSeconds = (performance.now() - statesStarted) / 1000;
  const stateRows = await sql<{ count: number }>`
    select count(*)::int as count from agent_state_log
  `.execute(db);

  const read = async (by: 'assessor' | 'team') => {
    const response = await app.inject({
      url: `/api/reports/performance?period=30d&by=${by}`,
      headers: { cookie: adminCookie },
    });
    if (response.statusCode !== 200) {
      throw new Error(`reports: ${response.statusCode} ${response.body}`);
    }
    return response.json() as { rows: unknown[]; totals: { calls: number } };
  };
  const timed = async (by: 'assessor' | 'team') => {
    await read(by);
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await read(by);
      times.push(performance.now() - started);
    }
    return times;
  };
  const first = await read('assessor');
  const times = await timed('assessor');
  const teamTimes = await timed('team');

  // The two summaries alone: the whole centre's calls by hour of the 30 days (0038) and the
  // states of the 60 (0037), as the report reads them for every assessor.
  const hourly = `select hour, sum(attempts) from attempt_hourly_total_deltas
    where day >= current_date - 29 group by 1`;
  const hourTimes: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    await sql.raw(hourly).execute(db);
    hourTimes.push(performance.now() - started);
  }
  const states = `select user_id, state, pause_reason_id, sum(microseconds), sum(spans)
    from agent_state_daily_deltas where day >= current_date - 59 group by 1, 2, 3`;
  const summaryRows = await sql<{ hourly: number; states: number }>`
    select (select count(*) from attempt_hourly_total_deltas)::int as hourly,
      (select count(*) from agent_state_daily_deltas)::int as states
  `.execute(db);

  const calls30 = first.totals.calls.toLocaleString('en');
  return [
    below(
      `performance report, 30 days, every assessor (${assessorIds.length} assessors, ${callCount.toLocaleString('en')} calls): median`,
      median(times),
      'ms',
      1000,
      `${runs} reads after one warm-up; ${first.rows.length} rows, ${calls30} calls in the 30 days and the previous 30 read from the daily counts, ${stateRows.rows[0]?.count.toLocaleString('en')} state rows (${statesPerDay + 1} a day per assessor, 61 days) summed per assessor and day from ${summaryRows.rows[0]?.states.toLocaleString('en')} rows of agent_state_daily_deltas; seeding the calls took ${seedSeconds.toFixed(0)} s, the states ${statesSeconds.toFixed(0)} s`,
    ),
    below('performance report, 30 days, every assessor: p95', percentile(times, 95), 'ms', 1000),
    below(
      'performance report, 30 days, by team: p95',
      percentile(teamTimes, 95),
      'ms',
      1000,
      `${teamCount} teams`,
    ),
    below(
      'performance report: calls by hour over 30 days alone, median',
      median(hourTimes),
      'ms',
      1000,
      `${calls30} calls summed from ${summaryRows.rows[0]?.hourly.toLocaleString('en')} rows of attempt_hourly_total_deltas; plan: ${await planShape(db, hourly)}; the states' plan: ${await planShape(db, states)}`,
    ),
  ];
}
