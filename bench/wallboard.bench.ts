import { sql } from 'kysely';
import type { Wallboard } from '../src/core/wallboard.ts';
import { coalesce } from '../src/web/lib/live-connection.ts';
import type { BenchContext } from './context.ts';
import { below, type Figure, median, percentile } from './harness.ts';
import { seedCalls } from './seed.ts';
import { signIn, startServer } from './server.ts';
import { createAssessors } from './soak.bench.ts';
import { seedFloor, teamCount } from './wallboard-floor.ts';

const firstLoads = 30;
const floorSize = 2000;
const callerCount = 500;
const wallboardCount = 20;
const leadsEach = 10;
/** A busy day: each assessor records a call every 30 s on average (120 an hour, 17 a second). */
const betweenCallsMs = { min: 15_000, max: 45_000 };
const loadMs = 60_000;
const warmUpMs = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (min: number, max: number) => min + Math.random() * (max - min);

/**
 * The two figures of the wallboard (#47 §3): its first load for 2,000 assessors in
 * 100 teams, and how long a recorded call takes to show on 20 open wallboards while 500
 * assessors record calls at a busy day's pace, each wallboard a real event stream refetching
 * as the page does (at most once a second).
 */
export async function wallboardBenchmarks(context: BenchContext): Promise<Figure[]> {
  const { app, adminCookie, database } = context;
  const db = database.db;
  // The callers sign in, so they are the suite's own assessors, with passwords: at 10M the run
  // seeds 2,000 without, and the floor takes 500 of them out for as many callers.
  const own = Math.max(callerCount, floorSize - context.assessorIds.length);
  const floorAssessors = await createAssessors(context, own, 'floor');
  const seeded = context.assessorIds.slice(0, floorSize - own);
  const offFloor = context.assessorIds.slice(floorSize - own);
  if (offFloor.length > 0) {
    await db.updateTable('users').set({ active: false }).where('id', 'in', offFloor).execute();
  }
  const everyone = [...seeded, ...floorAssessors.map((assessor) => assessor.id)];
  console.log(`  wallboard: ${everyone.length} assessores em ${teamCount} equipes…`);
  await seedFloor(db, everyone);
  // Today's calls: the wallboard reads today's counts only, and the days before add rows of
  // other days to an index it reads by day. A day's worth of the run's calls, over the last 24 h.
  const todayCalls = Math.round(context.callCount / 100);
  console.log(`  wallboard: gerando ${todayCalls.toLocaleString('pt-BR')} ligações do dia…`);
  await seedCalls(db, todayCalls, everyone, { days: 1 });

  // The first load: a snapshot made stale by an event, read once the second since the last
  // reading has passed, as the first wallboard opened after a change finds it.
  const read = async () => {
    const response = await app.inject({ url: '/api/wallboard', headers: { cookie: adminCookie } });
    if (response.statusCode !== 200) throw new Error(`wallboard: ${response.statusCode}`);
    return response.json() as Wallboard;
  };
  const first = await read();
  const shown = first.teams.reduce((sum, team) => sum + team.assessors.length, 0);
  const today = first.teams.reduce((sum, team) => sum + team.totals.calls, 0);
  const loads: number[] = [];
  for (let run = 0; run < firstLoads; run++) {
    const event = JSON.stringify({ type: 'agent.state', assessorId: everyone[run] });
    await sql`select pg_notify('cca_events', ${event})`.execute(db);
    await sleep(1100);
    const started = performance.now();
    await read();
    loads.push(performance.now() - started);
  }

  const live = await liveLatency(context, floorAssessors.slice(0, callerCount));
  return [
    below(
      `wallboard, first load (${shown.toLocaleString('en')} assessors in ${first.teams.length} teams): median`,
      median(loads),
      'ms',
      200,
      `${firstLoads} readings of a snapshot an event made stale, as the administrator (every team); ${today.toLocaleString('en')} calls today (the suite seeds one day of calls, ${todayCalls.toLocaleString('en')} over the last 24 h, not the run's ${context.callCount.toLocaleString('en')}), a week of state log (${(everyone.length * 48 * 7).toLocaleString('en')} states)`,
    ),
    below('wallboard, first load: p95', percentile(loads, 95), 'ms', 200),
    ...live,
  ];
}

interface Caller {
  id: string;
  email: string;
  password: string;
}

/** 500 assessors call, 20 wallboards listen: from each call sent to each wallboard showing it. */
async function liveLatency(context: BenchContext, callers: Caller[]): Promise<Figure[]> {
  await sql`
    with picked as (
      select id, row_number() over (order by id) - 1 as rank from leads
      where status = 'new' limit ${callers.length * leadsEach}
    )
    update leads l set status = 'assigned', assigned_at = now(),
      owner_id = (${callers.map((caller) => caller.id)}::text[])[1 + p.rank / ${leadsEach}]
    from picked p where l.id = p.id
  `.execute(context.database.db);
  const cca = await startServer(context.databaseUrl, context.workDir);
  const stop = new AbortController();
  try {
    const base = cca.baseUrl;
    const cookies = new Map<string, string>();
    for (let index = 0; index < callers.length; index += 20) {
      await Promise.all(
        callers.slice(index, index + 20).map(async (caller) => {
          cookies.set(
            caller.id,
            await signIn(base, { email: caller.email, password: caller.password }),
          );
        }),
      );
    }
    /** When each call of each assessor was sent, in order: the nth is its nth of the run. */
    const sent = new Map<string, number[]>(callers.map((caller) => [caller.id, []]));
    const latencies: number[] = [];
    let refetches = 0;
    let events = 0;

    const wallboard = async () => {
      const seen = new Map<string, number>();
      let baseline: Map<string, number> | undefined;
      const fetchBoard = async () => {
        const response = await fetch(`${base}/api/wallboard`, {
          headers: { cookie: cca.cookie },
          signal: stop.signal,
        });
        const board = (await response.json()) as Wallboard;
        const at = performance.now();
        refetches++;
        const calls = new Map(
          board.teams.flatMap((team) => team.assessors.map((row) => [row.id, row.calls])),
        );
        if (!baseline) {
          baseline = calls;
          return;
        }
        for (const [id, times] of sent) {
          const shown = (calls.get(id) ?? 0) - (baseline.get(id) ?? 0);
          for (let nth = seen.get(id) ?? 0; nth < Math.min(shown, times.length); nth++) {
            latencies.push(at - (times[nth] as number));
          }
          seen.set(id, Math.max(seen.get(id) ?? 0, Math.min(shown, times.length)));
        }
      };
      await fetchBoard();
      const later = coalesce(() => void fetchBoard().catch(() => {}), 1000);
      const stream = await fetch(`${base}/api/events`, {
        headers: { cookie: cca.cookie, accept: 'text/event-stream' },
        signal: stop.signal,
      });
      const reader = stream.body?.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      void (async () => {
        try {
          for (;;) {
            const chunk = await reader?.read();
            if (!chunk || chunk.done) return;
            buffer += decoder.decode(chunk.value, { stream: true });
            const lines = buffer.split('\n');
            buffer = lines.pop() ?? '';
            for (const line of lines) {
              if (!line.startsWith('data:')) continue;
              events++;
              if (/"type":"(lead\.attempted|agent\.state)"/.test(line)) later.ask();
            }
          }
        } catch {
          later.cancel();
        }
      })();
    };
    for (let index = 0; index < wallboardCount; index++) await wallboard();

    const started = performance.now();
    const deadline = started + warmUpMs + loadMs;
    let recorded = 0;
    let failed = 0;
    await Promise.all(
      callers.map(async (caller) => {
        const headers = { cookie: cookies.get(caller.id) ?? '', origin: base };
        // No wait past the deadline: the rate is of the load's own time.
        const pause = (ms: number) =>
          sleep(Math.max(0, Math.min(ms, deadline - performance.now())));
        await pause(between(0, betweenCallsMs.max));
        while (performance.now() < deadline) {
          // A call refused or cut off (a connection reset under load) is counted and the
          // assessor goes on, as one at a desk would: the figures say how many there were.
          try {
            const list = await fetch(`${base}/api/my-leads`, { headers });
            const lead = ((await list.json()) as { leads: { id: number }[] }).leads[0];
            if (!lead) break;
            const at = performance.now();
            const answer = await fetch(`${base}/api/leads/${lead.id}/attempts`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ outcome: 'no_answer' }),
            });
            await answer.text();
            if (answer.status === 201) {
              sent.get(caller.id)?.push(at);
              recorded++;
            } else failed++;
          } catch {
            failed++;
          }
          await pause(between(betweenCallsMs.min, betweenCallsMs.max));
        }
      }),
    );
    // The last calls' wallboards: a refetch is at most a second and a reading away.
    await sleep(3000);
    const seconds = (performance.now() - started) / 1000;
    const expected = recorded * wallboardCount;
    return [
      below(
        `wallboard, call recorded → shown (${callers.length} assessors calling, ${wallboardCount} wallboards): median`,
        median(latencies),
        'ms',
        2000,
        `${recorded.toLocaleString('en')} calls in ${seconds.toFixed(0)} s (${(recorded / seconds).toFixed(1)} a second, ${failed} refused or cut off), each timed on every wallboard from its POST to the refetch that showed it: ${latencies.length.toLocaleString('en')} of ${expected.toLocaleString('en')} seen; ${events.toLocaleString('en')} events over the ${wallboardCount} streams, ${(refetches / seconds / wallboardCount).toFixed(2)} refetches a second per wallboard; a production server of its own`,
      ),
      below('wallboard, call recorded → shown: p95', percentile(latencies, 95), 'ms', 2000),
    ];
  } finally {
    stop.abort();
    cca.server.kill('SIGTERM');
    await new Promise((resolve) => cca.server.once('exit', resolve));
  }
}
