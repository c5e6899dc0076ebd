import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'kysely';
import { workableStatuses } from '../src/core/lead-status.ts';
import { hashPassword } from '../src/server/auth/password-hashing.ts';
import { createContactRulesRepository } from '../src/server/contact-rules/contact-rules.repository.ts';
import { findFreePort } from '../src/server/db/embedded-postgres.ts';
import { highestContactRules } from '../src/server/testing/test-settings.ts';
import type { BenchContext } from './context.ts';
import { atLeast, below, type Figure, percentile } from './harness.ts';
import { startServer } from './server.ts';

const connections = 50;
const durationMs = 10_000;
/**
 * Each load runs this long before it is measured: the figures are a running server's, not its
 * first seconds' (code not yet compiled by V8, the pool's connections still opening and
 * planning their statements), which added about a quarter to the list's p95 (55 ms cold, 41
 * warm).
 */
const warmUpMs = 3_000;

export interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Sent beside the load's own headers (another assessor's cookie). */
  headers?: Record<string, string>;
  /** The answer's status, when it is not the load's `expectedStatus`. */
  status?: number;
}

/**
 * `connections` keep-alive clients sending `next()` in a loop for `duration` milliseconds after
 * `warmUp`, and after `warmUpRequests` requests if those take longer; the requests of the
 * warm-up are not measured, but each of them must succeed too.
 */
export async function load(
  baseUrl: string,
  headers: Record<string, string>,
  expectedStatus: number,
  next: () => Call,
  { duration = durationMs, warmUp = warmUpMs, warmUpRequests = 0, clients = connections } = {},
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  const warmUntil = performance.now() + warmUp;
  let deadline: number | undefined;
  /** Whether the measured stretch has begun; it begins once the warm-up is done. */
  const measuring = () => {
    if (deadline === undefined && sent >= warmUpRequests && performance.now() >= warmUntil) {
      deadline = performance.now() + duration;
    }
    return deadline !== undefined;
  };
  /** One request; answers its latency in milliseconds. */
  const send = ({ method, path, body, headers: own, status: expected = expectedStatus }: Call) =>
    new Promise<number>((resolve) => {
      const started = performance.now();
      const done = (status: number) => {
        if (status !== expected) errors++;
        resolve(performance.now() - started);
      };
      const request = http.request(
        `${baseUrl}${path}`,
        {
          method,
          agent,
          headers: {
            ...headers,
            ...own,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => done(response.statusCode ?? 0));
        },
      );
      request.on('error', () => done(0));
      request.end(body);
    });
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (;;) {
        const measured = measuring();
        if (measured && performance.now() >= (deadline as number)) break;
        sent++;
        const latency = await send(next());
        if (measured) latencies.push(latency);
      }
    }),
  );
  agent.destroy();
  return summary(latencies, errors, duration);
}

function summary(latencies: number[], errors: number, duration: number) {
  return {
    rate: latencies.length / (duration / 1000),
    p95: percentile(latencies, 95),
    errors,
    latencies,
  };
}
export type Load = ReturnType<typeof summary>;

/**
 * Writes out the pages left changed in PostgreSQL's cache before the loads: at 10M a checkpoint
 * asked for by the seed's and the vacuum's writes ran beside CCA's calls.
 */
async function checkpoint({ database }: BenchContext) {
  await sql`checkpoint`.execute(database.db);
}

const turns = 5;
type Side = 'cca' | 'bare';

/**
 * A load on CCA and on node:http in alternate turns of `durationMs / turns`, each turn after a
 * warm-up (the first turn's as long as a whole load's), measured together for each side: a
 * drift in what the machine and its disk give, over the minute the loads take, falls on both
 * alike. `run` loads one side for one turn.
 */
async function inTurns(run: (side: Side, turn: number) => Promise<Load>) {
  const loads: Record<Side, Load[]> = { cca: [], bare: [] };
  for (let turn = 0; turn < turns; turn++) {
    for (const side of ['cca', 'bare'] as const) loads[side].push(await run(side, turn));
  }
  const together = (sideLoads: Load[]) =>
    summary(
      sideLoads.flatMap((one) => one.latencies),
      sideLoads.reduce((sum, one) => sum + one.errors, 0),
      durationMs,
    );
  // How far one turn's ratio strays from the whole's: the spread the figure carries.
  const turnRatios = loads.cca.map((cca, turn) => cca.rate / (loads.bare[turn] as Load).rate);
  return { cca: together(loads.cca), bare: together(loads.bare), turnRatios };
}
type InTurns = Awaited<ReturnType<typeof inTurns>>;

/** How long a turn of `inTurns` runs, and warms up before. */
const turnOf = (turn: number) => ({
  duration: durationMs / turns,
  warmUp: turn === 0 ? warmUpMs : warmUpMs / turns,
});

/**
 * GET /api/my-leads, POST /api/leads/{id}/attempts and GET /api/health (as a load balancer sends
 * it, no cookie) on both sides in turns.
 */
async function loadAll(
  sides: Record<Side, { url: string; headers: Record<string, string> }>,
  leadIds: number[],
) {
  const myLeads = await inTurns((side, turn) =>
    load(
      sides[side].url,
      sides[side].headers,
      200,
      () => ({ method: 'GET', path: '/my-leads' }),
      turnOf(turn),
    ),
  );
  // "Não atendeu" keeps the lead in the list, so the same leads can be called again and again.
  // Every lead is called once in each side's first warm-up: a lead's first call reads its pages
  // into the cache and, after a checkpoint, writes them whole to the WAL. At 10M, 3 s of
  // warm-up called half of the 5,150 leads.
  const called: Record<Side, number> = { cca: 0, bare: 0 };
  const attempts = await inTurns((side, turn) =>
    load(
      sides[side].url,
      sides[side].headers,
      201,
      () => ({
        method: 'POST',
        path: `/leads/${leadIds[called[side]++ % leadIds.length]}/attempts`,
        body: JSON.stringify({ outcome: 'no_answer' }),
      }),
      { ...turnOf(turn), warmUpRequests: turn === 0 ? leadIds.length : 0 },
    ),
  );
  const health = await inTurns((side, turn) =>
    load(sides[side].url, {}, 200, () => ({ method: 'GET', path: '/health' }), turnOf(turn)),
  );
  return { myLeads, attempts, health };
}

/**
 * The assessor with the longest list, with a password to sign in with, and the leads of theirs
 * a call may be recorded on; the contact rules raised so the same leads take many calls.
 */
export async function busiestAssessor(context: BenchContext) {
  const { database } = context;
  // The distribution benchmark has just changed 150 000 leads. Without this, autovacuum would
  // work through them beside the loads below; the seed vacuums for the same reason. The whole
  // database: at 10M, autovacuum still worked through the seeded names during CCA's calls,
  // when each side was loaded once, CCA first.
  await sql`vacuum analyze`.execute(database.db);
  const busiest = await sql<{ ownerId: string; workable: number }>`
    select owner_id as "ownerId", count(*)::int as workable from leads
    where status = any(${[...workableStatuses]}::text[]) and owner_id is not null
    group by owner_id order by workable desc, owner_id limit 1
  `.execute(database.db);
  const busiestRow = busiest.rows[0];
  if (!busiestRow) throw new Error('operator: no assessor has leads to call');
  const { ownerId: assessorId, workable } = busiestRow;
  const leadIds = (
    await database.db
      .selectFrom('leads')
      .select('id')
      .where('owner_id', '=', assessorId)
      .where('status', 'in', ['assigned', 'no_answer'])
      .execute()
  ).map((row) => row.id);

  // The loads call the same leads again and again (about 35 calls each): every call recorded.
  await createContactRulesRepository(database.db).replace(highestContactRules);

  const password = 'Senha-do-benchmark-1';
  await database.db
    .insertInto('accounts')
    .values({
      id: `bench-account-${assessorId}`,
      account_id: assessorId,
      provider_id: 'credential',
      user_id: assessorId,
      password: await hashPassword(password),
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const email = `${assessorId.replace('bench-assessor-', 'assessor')}@bench.cca`;

  return { assessorId, workable, leadIds, email, password };
}

/** Each hot route at least this share of a bare node:http server's rate (issue #23). */
const apiTarget = 0.85;

/**
 * GET /api/my-leads and POST /api/leads/{id}/attempts through CCA, against node:http running
 * the same service, side by side, for the assessor with the longest list; and GET /api/health
 * against node:http running the same query.
 */
export async function operatorBenchmarks(context: BenchContext): Promise<Figure[]> {
  const { assessorId, workable, leadIds, email, password } = await busiestAssessor(context);
  const cca = await startServer(context.databaseUrl, context.workDir, { email, password });
  // node:http runs beside CCA, each idle while the other takes its turn.
  const port = await findFreePort();
  const bare: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('bench', 'bare-http-server.ts')],
    {
      env: {
        ...process.env,
        DATABASE_URL: context.databaseUrl,
        PORT: String(port),
        ASSESSOR_ID: assessorId,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const bareUrl = `http://127.0.0.1:${port}`;
  let figures: Awaited<ReturnType<typeof loadAll>>;
  const stopCca = async () => {
    if (cca.server.exitCode !== null || cca.server.signalCode !== null) return;
    cca.server.kill('SIGTERM');
    await new Promise((resolve) => cca.server.once('exit', resolve));
  };
  try {
    await new Promise((resolve) => bare.stdout?.once('data', resolve));
    await checkpoint(context);
    figures = await loadAll(
      {
        // The API's paths under /api; the origin header is what a browser sends on a POST.
        cca: { url: `${cca.baseUrl}/api`, headers: { cookie: cca.cookie, origin: cca.baseUrl } },
        bare: { url: bareUrl, headers: {} },
      },
      leadIds,
    );
  } finally {
    await stopCca();
    bare.kill('SIGTERM');
  }

  const detail = (side: Load) =>
    `${Math.round(side.rate)} req/s, p95 ${side.p95.toFixed(1)} ms, ${side.errors} errors`;
  const inTurnsDetail = ({ turnRatios }: InTurns, warmUp = '') =>
    `in ${turns} alternate turns of ${durationMs / turns / 1000} s each, ` +
    `after ${warmUpMs / turns / 1000} s of the same load (${warmUpMs / 1000} s${warmUp} the first time); ` +
    `turn by turn ${Math.min(...turnRatios).toFixed(2)}–${Math.max(...turnRatios).toFixed(2)} ×`;
  const figuresOf = (name: string, key: 'myLeads' | 'attempts', warmUp = '') => [
    atLeast(
      `${name} rate ÷ bare node:http (${connections} connections)`,
      figures[key].cca.rate / figures[key].bare.rate,
      '×',
      apiTarget,
      `CCA: ${detail(figures[key].cca)}; node:http: ${detail(figures[key].bare)}; ` +
        inTurnsDetail(figures[key], warmUp),
    ),
    below(`${name} p95 at ${connections} connections`, figures[key].cca.p95, 'ms', 50),
  ];
  return [
    ...figuresOf(`GET /api/my-leads (list of ${workable.toLocaleString('en')})`, 'myLeads'),
    ...figuresOf(
      'POST /api/leads/{id}/attempts',
      'attempts',
      ` and a call on each of the ${leadIds.length.toLocaleString('en')} leads`,
    ),
    // The route runs one `select 1`: the gap is CCA's own work on every request (hooks, rate
    // limit, security headers, validation), the price of each balancer health check.
    atLeast(
      `GET /api/health rate ÷ bare node:http (${connections} connections)`,
      figures.health.cca.rate / figures.health.bare.rate,
      '×',
      apiTarget,
      `CCA: ${detail(figures.health.cca)}; node:http: ${detail(figures.health.bare)}; ` +
        inTurnsDetail(figures.health),
    ),
  ];
}
