import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { sql } from 'kysely';
import type { MyLeads, RecordAttemptBody } from '../src/core/attempts.ts';
import type { AttemptOutcome } from '../src/core/lead-status.ts';
import { hashPassword } from '../src/server/auth/password-hashing.ts';
import type { BenchContext } from './context.ts';
import { atMost, below, type Figure, percentile } from './harness.ts';
import { distribute, startServer } from './server.ts';

export interface SoakOptions {
  minutes: number;
  assessors: number;
}

const password = 'Senha-do-soak-1';
/** An assessor looks at the list before calling and writes the outcome after: 200–800 ms. */
const thinkMs = { min: 200, max: 800 };
const warmUpMs = 30_000;
/** The sign-ins are spread over the first seconds, as people arrive, not in one burst. */
const arrivalMs = 10_000;
const requestTimeoutMs = 10_000;
/** A day at the call centre: most calls go unanswered, refused or accepted; some ask a callback. */
const outcomeMix: [AttemptOutcome, number][] = [
  ['no_answer', 0.5],
  ['red', 0.25],
  ['green', 0.15],
  ['yellow', 0.1],
];
/** The share of outcomes that take the lead out of the assessor's list. */
const leavingShare = 0.4;

const between = (min: number, max: number) => min + Math.random() * (max - min);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function pickOutcome(): AttemptOutcome {
  let roll = Math.random();
  for (const [outcome, share] of outcomeMix) {
    roll -= share;
    if (roll < 0) return outcome;
  }
  return 'no_answer';
}

function attemptBody(outcome: AttemptOutcome): RecordAttemptBody {
  if (outcome !== 'yellow') return { outcome };
  // Some callbacks fall due during a long soak and come back to the top of the list.
  const callbackAt = new Date(Date.now() + between(2 * 60_000, 4 * 3_600_000));
  return { outcome, callbackAt: callbackAt.toISOString() };
}

/** The server's resident memory, from /proc (Linux). */
async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (!kilobytes) throw new Error(`soak: no VmRSS for process ${pid}`);
  return Number(kilobytes) * 1024;
}

/**
 * `count` assessors who can sign in, in two statements, all with the same password: ids
 * `${prefix}-assessor-N`, e-mails `${prefix}-assessorN@bench.cca`.
 */
export async function createAssessors(context: BenchContext, count: number, prefix = 'soak') {
  const passwordHash = await hashPassword(password);
  await sql`
    WITH created AS (
      INSERT INTO users (id, name, email, role)
      SELECT ${prefix}::text || '-assessor-' || n, 'Assessor ' || ${prefix}::text || ' ' || n,
             ${prefix}::text || '-assessor' || n || '@bench.cca', 'assessor'
      FROM generate_series(1, ${count}) AS n
      RETURNING id
    )
    INSERT INTO accounts (id, account_id, provider_id, user_id, password)
    SELECT id || '-account', id, 'credential', id, ${passwordHash} FROM created
  `.execute(context.database.db);
  return Array.from({ length: count }, (_, index) => ({
    id: `${prefix}-assessor-${index + 1}`,
    email: `${prefix}-assessor${index + 1}@bench.cca`,
    password,
  }));
}

interface Answer {
  status: number;
  body: string;
  cookies: string[];
}

/** One request on the assessor's own keep-alive connection, as their browser would send it. */
function send(
  agent: http.Agent,
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body?: string,
) {
  return new Promise<Answer>((resolve) => {
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            cookies: response.headers['set-cookie'] ?? [],
          }),
        );
        response.on('error', () => resolve({ status: 0, body: '', cookies: [] }));
      },
    );
    request.setTimeout(requestTimeoutMs, () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ status: 0, body: '', cookies: [] }));
    request.end(body);
  });
}

/**
 * N assessors working their day against one production server for `minutes`: each signs in,
 * then opens the list, calls the first lead and records the outcome, again and again, with
 * think times. The load is what a call centre of N people makes, not a stress test.
 */
export async function soakBenchmarks(
  context: BenchContext,
  { minutes, assessors: assessorCount }: SoakOptions,
): Promise<Figure[]> {
  const durationMs = minutes * 60_000;
  const warmUp = Math.min(warmUpMs, durationMs / 2);
  // Each assessor sends at most one request per think time (≥ 200 ms), on average one every
  // ~500 ms: this bound is only reached if something answers without the assessor's pace.
  const maxRequests = Math.ceil(assessorCount * (durationMs / 1000) * 2.5);
  // About one call a second each: enough leads that no list runs dry before the end.
  const leadsEach = Math.min(
    1000,
    Math.max(100, Math.ceil((durationMs / 1000) * leavingShare * 1.25)),
  );

  const assessors = await createAssessors(context, assessorCount);
  const cca = await startServer(context.databaseUrl, context.workDir);
  const serverPid = cca.server.pid as number;
  try {
    const { assigned } = await distribute(cca, {
      perAssessor: Object.fromEntries(assessors.map((assessor) => [assessor.id, leadsEach])),
    });
    console.log(
      `  soak: ${assessorCount} assessores, ${assigned.toLocaleString('pt-BR')} leads, ${minutes} min…`,
    );

    const latencies = {
      myLeads: [] as number[],
      attempts: [] as number[],
      signIns: [] as number[],
    };
    /** The steady-state latencies of each minute after the warm-up: a slow drift shows here. */
    const byMinute: number[][] = [];
    const failures = new Map<string, number>();
    const outcomes = new Map<AttemptOutcome, number>();
    let requests = 0;
    let emptyLists = 0;
    const loadStarted = performance.now();
    const deadline = loadStarted + durationMs;
    const steady = loadStarted + warmUp;
    const going = () => performance.now() < deadline && requests < maxRequests;

    /** Sends, counts, and keeps the latency of steady-state requests; answers the reply or undefined. */
    const call = async (
      agent: http.Agent,
      kind: keyof typeof latencies,
      expected: number,
      method: 'GET' | 'POST',
      path: string,
      headers: Record<string, string>,
      body?: string,
    ) => {
      requests++;
      const started = performance.now();
      const answer = await send(agent, `${cca.baseUrl}${path}`, method, headers, body);
      const latency = performance.now() - started;
      if (kind === 'signIns' || started >= steady) latencies[kind].push(latency);
      if (kind !== 'signIns' && started >= steady) {
        const minute = Math.floor((started - steady) / 60_000);
        byMinute[minute] ??= [];
        byMinute[minute].push(latency);
      }
      if (answer.status === expected) return answer;
      const key = `${method} ${path.replace(/\d+/g, '{id}')} → ${answer.status || 'no answer'}`;
      failures.set(key, (failures.get(key) ?? 0) + 1);
      return undefined;
    };

    const workDay = async ({ email }: { email: string }) => {
      await sleep(between(0, Math.min(arrivalMs, warmUp / 2)));
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const signedIn = await call(
          agent,
          'signIns',
          200,
          'POST',
          '/api/auth/sign-in/email',
          { origin: cca.baseUrl },
          JSON.stringify({ email, password }),
        );
        if (!signedIn) return;
        const headers = {
          cookie: signedIn.cookies.map((cookie) => cookie.split(';')[0]).join('; '),
          origin: cca.baseUrl,
        };
        while (going()) {
          await sleep(between(thinkMs.min, thinkMs.max));
          if (!going()) break;
          const list = await call(agent, 'myLeads', 200, 'GET', '/api/my-leads', headers);
          const first = list ? (JSON.parse(list.body) as MyLeads).leads[0] : undefined;
          if (list && !first) emptyLists++;
          if (!first) continue;
          await sleep(between(thinkMs.min, thinkMs.max));
          if (!going()) break;
          const outcome = pickOutcome();
          const path = `/api/leads/${first.id}/attempts`;
          const body = JSON.stringify(attemptBody(outcome));
          if (await call(agent, 'attempts', 201, 'POST', path, headers, body)) {
            outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
          }
        }
      } finally {
        agent.destroy();
      }
    };

    const memoryBeforeLoad = await residentBytes(serverPid);
    // RSS climbs between the heap's major collections and drops at each (tens of MB, up to a
    // minute apart at a light pace), so one reading mostly tells where in that cycle it fell.
    // What stays after a collection is what grows with a leak: the start and the end are the
    // lowest of the second-by-second readings in the first and in the last third of the load.
    const memorySamples: { at: number; bytes: number }[] = [];
    const sampler = setInterval(async () => {
      const at = performance.now();
      const bytes = await residentBytes(serverPid).catch(() => undefined);
      if (bytes !== undefined) memorySamples.push({ at, bytes });
    }, 1_000);
    await Promise.all(assessors.map(workDay));
    const loadEnded = performance.now();
    clearInterval(sampler);
    const seconds = (loadEnded - loadStarted) / 1000;
    const memoryWindow = (loadEnded - steady) / 3;
    const memoryAt = (from: number, to: number) => {
      const inWindow = memorySamples.filter((sample) => sample.at >= from && sample.at <= to);
      if (!inWindow.length) throw new Error('soak: no memory reading in a window');
      return Math.min(...inWindow.map((sample) => sample.bytes));
    };
    const memoryStart = memoryAt(steady, steady + memoryWindow);
    const memoryEnd = memoryAt(loadEnded - memoryWindow, loadEnded);
    const memoryPeak = Math.max(...memorySamples.map((sample) => sample.bytes));

    // Dead row versions left by the calls, and whether autovacuum came by to clear them.
    const [leadsTable] = (
      await sql<{ live: number; dead: number; autovacuums: number }>`
        select n_live_tup::int as live, n_dead_tup::int as dead, autovacuum_count::int as autovacuums
        from pg_stat_user_tables where relname = 'leads'
      `.execute(context.database.db)
    ).rows;
    const errors = [...failures.values()].reduce((sum, count) => sum + count, 0);
    const steadyLatencies = [...latencies.myLeads, ...latencies.attempts];
    const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
    const ms = (values: number[]) => (values.length ? percentile(values, 95).toFixed(1) : '–');
    const mix = outcomeMix
      .map(([outcome]) => `${outcome} ${outcomes.get(outcome) ?? 0}`)
      .join(', ');
    const warmUpSeconds = Math.round(warmUp / 1000);
    return [
      // Every request is one an assessor waits on, at a pace the server is built for, on
      // loopback: any failure (a 5xx, a timeout, a refused session) is a defect, not noise.
      atMost(
        'soak: error rate',
        requests ? (errors / requests) * 100 : 0,
        '%',
        0,
        `${errors} of ${requests.toLocaleString('en')} requests failed` +
          (errors
            ? ` (${[...failures].map(([key, count]) => `${key}: ${count}`).join('; ')})`
            : '') +
          `; ${assessorCount} assessors given ${leadsEach} leads each (${assigned.toLocaleString('en')} in all) for ${seconds.toFixed(0)} s` +
          ` (${(requests / seconds).toFixed(0)} req/s, think time ${thinkMs.min}–${thinkMs.max} ms` +
          `${requests >= maxRequests ? `, stopped at the cap of ${maxRequests.toLocaleString('en')} requests` : ''})` +
          `; outcomes: ${mix}; ${emptyLists} empty lists seen`,
      ),
      below(
        'soak: p95 latency',
        steadyLatencies.length ? percentile(steadyLatencies, 95) : 0,
        'ms',
        50,
        `after the ${warmUpSeconds} s warm-up, ${steadyLatencies.length.toLocaleString('en')} requests: ` +
          `GET /api/my-leads p95 ${ms(latencies.myLeads)} ms, POST /api/leads/{id}/attempts p95 ` +
          `${ms(latencies.attempts)} ms; the ${latencies.signIns.length} sign-ins (argon2id, during ` +
          `the warm-up) p95 ${ms(latencies.signIns)} ms; p95 minute by minute: ` +
          `${Array.from(byMinute, (values) => ms(values ?? [])).join(', ')} ms; the leads table at ` +
          `the end: ${leadsTable?.dead.toLocaleString('en')} dead row versions beside ` +
          `${leadsTable?.live.toLocaleString('en')} live, ${leadsTable?.autovacuums} autovacuum runs`,
      ),
      below(
        'soak: server memory growth',
        ((memoryEnd - memoryStart) / memoryStart) * 100,
        '%',
        10,
        `server RSS ${mb(memoryBeforeLoad)} before the load; lowest in the first ${Math.round(memoryWindow / 1000)} s after the ${warmUpSeconds} s warm-up ${mb(memoryStart)}, in the last ${Math.round(memoryWindow / 1000)} s ${mb(memoryEnd)}; peak ${mb(memoryPeak)}`,
      ),
    ];
  } finally {
    if (cca.server.exitCode === null) {
      cca.server.kill('SIGTERM');
      await new Promise((resolve) => cca.server.once('exit', resolve));
    }
  }
}
