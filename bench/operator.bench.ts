import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { sql } from 'kysely';
import { workableStatuses } from '../src/core/lead-status.ts';
import { hashPassword } from '../src/server/auth/password-hashing.ts';
import { findFreePort } from '../src/server/db/embedded-postgres.ts';
import type { BenchContext } from './context.ts';
import { atLeast, below, type Figure, percentile } from './harness.ts';
import { startServer } from './server.ts';

const connections = 50;
const durationMs = 10_000;

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** `connections` keep-alive clients sending `next()` in a loop for `durationMs`. */
async function load(
  baseUrl: string,
  headers: Record<string, string>,
  expectedStatus: number,
  next: () => Call,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + durationMs;
  /** One request; answers its latency in milliseconds. */
  const send = ({ method, path, body }: Call) =>
    new Promise<number>((resolve) => {
      const started = performance.now();
      const done = (status: number) => {
        if (status !== expectedStatus) errors++;
        resolve(performance.now() - started);
      };
      const request = http.request(
        `${baseUrl}${path}`,
        {
          method,
          agent,
          headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
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
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) latencies.push(await send(next()));
    }),
  );
  agent.destroy();
  return { rate: latencies.length / (durationMs / 1000), p95: percentile(latencies, 95), errors };
}
type Load = Awaited<ReturnType<typeof load>>;

/** The two operator calls, each against the server at `baseUrl`. */
async function loadBoth(baseUrl: string, headers: Record<string, string>, leadIds: number[]) {
  const myLeads = await load(baseUrl, headers, 200, () => ({ method: 'GET', path: '/my-leads' }));
  let turn = 0;
  // "Não atendeu" keeps the lead in the list, so the same leads can be called again and again.
  const attempts = await load(baseUrl, headers, 201, () => ({
    method: 'POST',
    path: `/leads/${leadIds[turn++ % leadIds.length]}/attempts`,
    body: JSON.stringify({ outcome: 'no_answer' }),
  }));
  return { myLeads, attempts };
}

/**
 * GET /api/my-leads and POST /api/leads/{id}/attempts through CCA, against node:http running
 * the same service, side by side, for the assessor with the longest list.
 */
export async function operatorBenchmarks(context: BenchContext): Promise<Figure[]> {
  const { database } = context;
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
    .execute();
  const email = `${assessorId.replace('bench-assessor-', 'assessor')}@bench.cca`;

  const cca = await startServer(context.databaseUrl, context.workDir, { email, password });
  let ccaFigures: { myLeads: Load; attempts: Load };
  try {
    // The API's paths under /api; the origin header is what a browser sends on a POST.
    ccaFigures = await loadBoth(
      `${cca.baseUrl}/api`,
      { cookie: cca.cookie, origin: cca.baseUrl },
      leadIds,
    );
  } finally {
    cca.server.kill('SIGTERM');
    await new Promise((resolve) => cca.server.once('exit', resolve));
  }

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
  let bareFigures: { myLeads: Load; attempts: Load };
  try {
    await new Promise((resolve) => bare.stdout?.once('data', resolve));
    bareFigures = await loadBoth(`http://127.0.0.1:${port}`, {}, leadIds);
  } finally {
    bare.kill('SIGTERM');
  }

  const detail = (figures: Load) =>
    `${Math.round(figures.rate)} req/s, p95 ${figures.p95.toFixed(1)} ms, ${figures.errors} errors`;
  const figuresOf = (name: string, key: 'myLeads' | 'attempts') => [
    atLeast(
      `${name} rate ÷ bare node:http (${connections} connections)`,
      ccaFigures[key].rate / bareFigures[key].rate,
      '×',
      0.5,
      `CCA: ${detail(ccaFigures[key])}; node:http: ${detail(bareFigures[key])}`,
    ),
    below(`${name} p95 at ${connections} connections`, ccaFigures[key].p95, 'ms', 50),
  ];
  return [
    ...figuresOf(`GET /api/my-leads (list of ${workable.toLocaleString('en')})`, 'myLeads'),
    ...figuresOf('POST /api/leads/{id}/attempts', 'attempts'),
  ];
}
