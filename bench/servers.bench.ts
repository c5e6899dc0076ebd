import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'kysely';
import { type AppEvent, appEventSchema } from '../src/core/events.ts';
import { createContactRulesRepository } from '../src/server/contact-rules/contact-rules.repository.ts';
import { findFreePort } from '../src/server/db/embedded-postgres.ts';
import { invariantViolations } from '../src/server/testing/invariants.ts';
import { highestContactRules } from '../src/server/testing/test-settings.ts';
import type { BenchContext } from './context.ts';
import { atLeast, atMost, type Figure } from './harness.ts';
import { type Call, type Load, load } from './operator.bench.ts';
import { distribute, signIn, startServer } from './server.ts';
import { createAssessors } from './soak.bench.ts';

const assessorCount = 400;
/** Each of the two distributions, sent at the same moment, gives every assessor this many. */
const leadsEach = 10;
const connections = 50;
const target = 1.7;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startBalancer(upstreams: string[]) {
  const port = await findFreePort();
  const balancer: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('bench', 'balancer.ts')],
    {
      env: { ...process.env, PORT: String(port), UPSTREAMS: upstreams.join(',') },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise((resolve) => balancer.stdout?.once('data', resolve));
  return { process: balancer, url: `http://127.0.0.1:${port}` };
}

/** An open page: its event stream, and every event it has heard. */
interface Screen {
  events: AppEvent[];
  close(): void;
}

/** Opens `GET /api/events` as a page does; resolves once the server says it listens. */
function openScreen(baseUrl: string, cookie: string): Promise<Screen> {
  return new Promise((resolve, reject) => {
    const events: AppEvent[] = [];
    const request = http.get(`${baseUrl}/api/events`, { headers: { cookie }, agent: false });
    request.on('error', reject);
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`servers: event stream → ${response.statusCode}`));
        return;
      }
      let pending = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        pending += chunk;
        const messages = pending.split('\n\n');
        pending = messages.pop() ?? '';
        for (const message of messages) {
          if (message === ': ready') resolve({ events, close: () => request.destroy() });
          if (message.startsWith('data: ')) {
            events.push(appEventSchema.parse(JSON.parse(message.slice('data: '.length))));
          }
        }
      });
    });
  });
}

/** The machine's busy and total CPU time (Linux /proc/stat), in clock ticks. */
async function machineTicks() {
  const [cpu] = (await readFile('/proc/stat', 'utf8')).split('\n');
  const ticks = (cpu ?? '').split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  // idle and iowait
  return { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total };
}

/** A process's CPU time so far (user and system), in clock ticks of 10 ms. */
async function processTicks(pid: number) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Runs `measure` and answers each process's share of a core and the machine's busy share. */
export async function withCpu<T>(pids: Record<string, number>, measure: () => Promise<T>) {
  const started = await Promise.all(Object.values(pids).map(processTicks));
  const machineBefore = await machineTicks();
  const wallBefore = performance.now();
  const result = await measure();
  const seconds = (performance.now() - wallBefore) / 1000;
  const machineAfter = await machineTicks();
  const ended = await Promise.all(Object.values(pids).map(processTicks));
  const cores = Object.fromEntries(
    Object.keys(pids).map((name, index) => [
      name,
      ((ended[index] ?? 0) - (started[index] ?? 0)) / 100 / seconds,
    ]),
  );
  const busy =
    (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total);
  const used = Object.entries(cores).map(([name, share]) => `${name} ${share.toFixed(2)}`);
  return {
    result,
    busy,
    cores,
    cpu: `cores used: ${used.join(', ')}; machine ${(busy * 100).toFixed(0)} % busy`,
  };
}

/**
 * Two CCA servers on one PostgreSQL behind a round-robin balancer (issue #23), with 400
 * assessors' pages open on them: one distribution sent to each server at the same moment,
 * then the assessors' calls through a balancer that sends to one server, and through one that
 * sends to both. Every recorded call and every distribution must reach the screens it
 * concerns, whichever server took it; the distributions must give exactly what they say.
 */
export async function severalServersBenchmarks(context: BenchContext): Promise<Figure[]> {
  const { db } = context.database;
  const assessors = await createAssessors(context, assessorCount, 'servers');
  await createContactRulesRepository(db).replace(highestContactRules);
  const servers = [
    await startServer(context.databaseUrl, context.workDir),
    await startServer(context.databaseUrl, context.workDir),
  ];
  const [first, second] = servers as [(typeof servers)[0], (typeof servers)[0]];
  const both = await startBalancer(servers.map((server) => server.baseUrl));
  const one = await startBalancer([first.baseUrl]);
  const screens: Screen[] = [];
  try {
    // Each assessor signs in and opens their list through the balancer: on one server or the other.
    const cookies: string[] = [];
    for (let index = 0; index < assessors.length; index += 8) {
      const batch = assessors.slice(index, index + 8);
      cookies.push(
        ...(await Promise.all(
          batch.map(({ email, password }) => signIn(both.url, { email, password })),
        )),
      );
    }
    const assessorScreens = await Promise.all(
      cookies.map((cookie) => openScreen(both.url, cookie)),
    );
    const adminScreens = await Promise.all(
      servers.map((server) => openScreen(server.baseUrl, server.cookie)),
    );
    screens.push(...assessorScreens, ...adminScreens);

    // The seed writes leads with call counters and no calls: what counts is what the
    // distributions break, the offending rows each rule gains.
    const offendingBefore = await invariantViolations(db);
    const perAssessor = Object.fromEntries(assessors.map((a) => [a.id, leadsEach]));
    const distributions = await Promise.all(
      servers.map((server) => distribute(server, { perAssessor })),
    );
    const owned = await sql<{ ownerId: string; leadIds: number[] }>`
      select owner_id as "ownerId", array_agg(id order by id) as "leadIds" from leads
      where owner_id like 'servers-assessor-%' group by owner_id
    `.execute(db);
    const leadsOf = new Map(owned.rows.map((row) => [row.ownerId, row.leadIds]));
    const answered = new Map<string, number>();
    for (const share of distributions.flatMap((result) => result.shares)) {
      answered.set(share.assessorId, (answered.get(share.assessorId) ?? 0) + share.assigned);
    }
    const requested = 2 * assessorCount * leadsEach;
    const given = distributions.reduce((sum, result) => sum + result.assigned, 0);
    const mismatched = assessors.filter(
      (a) =>
        (leadsOf.get(a.id)?.length ?? 0) !== answered.get(a.id) ||
        answered.get(a.id) !== 2 * leadsEach,
    ).length;
    const violations = (await invariantViolations(db)).filter(
      (after) =>
        after.count > (offendingBefore.find((before) => before.rule === after.rule)?.count ?? 0),
    );

    // The assessors call in turns: their list, then the outcome of a call on one of their leads.
    /** Each assessor's leads called, by id. */
    const called = new Map(assessors.map((assessor) => [assessor.id, new Set<number>()]));
    let turn = 0;
    const next = (): Call => {
      const call = turn++;
      const index = (call >> 1) % assessors.length;
      const assessor = assessors[index] as (typeof assessors)[0];
      const headers = { cookie: cookies[index] as string };
      if (call % 2 === 0) return { method: 'GET', path: '/api/my-leads', headers };
      const leads = leadsOf.get(assessor.id) ?? [];
      const leadId = leads[Math.floor(call / 2 / assessors.length) % leads.length];
      called.get(assessor.id)?.add(leadId as number);
      return {
        method: 'POST',
        path: `/api/leads/${leadId}/attempts`,
        body: JSON.stringify({ outcome: 'no_answer' }),
        headers,
        status: 201,
      };
    };
    const measure = (balancer: { url: string; process: ChildProcess }) =>
      withCpu(
        {
          'first server': first.server.pid as number,
          'second server': second.server.pid as number,
          balancer: balancer.process.pid as number,
          benchmark: process.pid,
        },
        () => load(balancer.url, { origin: balancer.url }, 200, next, { clients: connections }),
      );
    const alone = await measure(one);
    const together = await measure(both);

    // Every call reaches its assessor's screen and both admins'; each distribution, every
    // assessor's. Events travel a moment after their commit: wait for the last ones.
    const callsHeard = (screen: Screen) =>
      new Set(
        screen.events.flatMap((event) =>
          event.type === 'lead.attempted' ? [`${event.assessorId}:${event.leadId}`] : [],
        ),
      );
    const missing = () => {
      let count = 0;
      const adminsHeard = adminScreens.map(callsHeard);
      assessorScreens.forEach((screen, index) => {
        const id = assessors[index]?.id as string;
        const distributed = screen.events.filter(
          (event) => event.type === 'leads.distributed' && event.assessorIds.includes(id),
        ).length;
        count += Math.max(0, distributions.length - distributed);
        const heard = callsHeard(screen);
        for (const leadId of called.get(id) ?? []) {
          const key = `${id}:${leadId}`;
          count += [heard, ...adminsHeard].filter((calls) => !calls.has(key)).length;
        }
      });
      return count;
    };
    const leadsCalled = [...called.values()].reduce((sum, leads) => sum + leads.size, 0);
    const waitUntil = performance.now() + 10_000;
    while (missing() > 0 && performance.now() < waitUntil) await sleep(100);
    const expectedEvents =
      assessorCount * distributions.length + leadsCalled * (1 + adminScreens.length);

    const detail = (figures: Load) =>
      `${Math.round(figures.rate)} req/s, p95 ${figures.p95.toFixed(1)} ms, ${figures.errors} errors`;
    return [
      atLeast(
        `2 servers behind a balancer: rate ÷ 1 server (${connections} connections)`,
        together.result.rate / alone.result.rate,
        '×',
        target,
        `half GET /api/my-leads, half POST /api/leads/{id}/attempts, for ${assessorCount} ` +
          `assessors in turns, through a node:http round-robin balancer; one server: ` +
          `${detail(alone.result)} (${alone.cpu}); two servers: ${detail(together.result)} ` +
          `(${together.cpu}); ${screens.length} event streams open on the two servers; ` +
          // Each request costs the machine the same CPU whichever server takes it: the rate
          // cannot grow past what the machine had left in the one-server run.
          `the machine's ceiling, one server's rate ÷ its busy share: ${(1 / alone.busy).toFixed(2)}×`,
      ),
      atMost(
        '2 servers: events missing on the screens',
        missing(),
        '',
        0,
        `${expectedEvents.toLocaleString('en')} expected on ${assessorCount} assessors' screens ` +
          `(through the balancer) and one admin's on each server: every distribution on ` +
          `every assessor's, every one of ${leadsCalled.toLocaleString('en')} leads called ` +
          `on its assessor's and both admins'`,
      ),
      atMost(
        '2 servers: leads off in two distributions at once',
        Math.abs(requested - given) + mismatched + violations.length,
        '',
        0,
        `one distribution of ${leadsEach} leads to each of ${assessorCount} assessors sent to ` +
          `each server at the same moment: ${given.toLocaleString('en')} of ` +
          `${requested.toLocaleString('en')} given; ${mismatched} assessors whose leads differ ` +
          `from the answers; ${violations.length} invariants broken by them` +
          (violations.length ? ` (${violations.map((v) => v.rule).join('; ')})` : ''),
      ),
    ];
  } finally {
    for (const screen of screens) screen.close();
    for (const balancer of [one, both]) balancer.process.kill('SIGTERM');
    for (const server of servers) {
      if (server.server.exitCode === null) {
        server.server.kill('SIGTERM');
        await new Promise((resolve) => server.server.once('exit', resolve));
      }
    }
  }
}
