import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { hashPassword } from '../src/server/auth/password-hashing.ts';
import { findFreePort } from '../src/server/db/embedded-postgres.ts';
import type { BenchContext } from './context.ts';
import { atLeast, below, type Figure, percentile } from './harness.ts';
import { startServer } from './server.ts';

const connections = 50;
const durationMs = 10_000;

/** `connections` keep-alive clients asking `url` in a loop for `durationMs`. */
async function load(url: string, headers: Record<string, string>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + durationMs;
  /** One request; answers its latency in milliseconds. */
  const get = () =>
    new Promise<number>((resolve) => {
      const started = performance.now();
      const done = (status: number) => {
        if (status !== 200) errors++;
        resolve(performance.now() - started);
      };
      http
        .get(url, { agent, headers }, (response) => {
          response.resume();
          response.on('end', () => done(response.statusCode ?? 0));
        })
        .on('error', () => done(0));
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) latencies.push(await get());
    }),
  );
  agent.destroy();
  return { rate: latencies.length / (durationMs / 1000), p95: percentile(latencies, 95), errors };
}

/** GET /api/my-leads through CCA against node:http running the same query, side by side. */
export async function operatorBenchmarks(context: BenchContext): Promise<Figure[]> {
  const { database } = context;
  const assessorId = context.assessorIds[0] as string;
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
  const databaseUrl = context.databaseUrl;

  const cca = await startServer(databaseUrl, context.workDir, { email, password });
  let ccaFigures: Awaited<ReturnType<typeof load>>;
  try {
    ccaFigures = await load(`${cca.baseUrl}/api/my-leads`, { cookie: cca.cookie });
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
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        ASSESSOR_ID: assessorId,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let bareFigures: Awaited<ReturnType<typeof load>>;
  try {
    await new Promise((resolve) => bare.stdout?.once('data', resolve));
    bareFigures = await load(`http://127.0.0.1:${port}/`, {});
  } finally {
    bare.kill('SIGTERM');
  }

  const detail = (figures: typeof ccaFigures) =>
    `${Math.round(figures.rate)} req/s, p95 ${figures.p95.toFixed(1)} ms, ${figures.errors} errors`;
  return [
    atLeast(
      `GET /api/my-leads rate ÷ bare node:http (${connections} connections)`,
      ccaFigures.rate / bareFigures.rate,
      '×',
      0.5,
      `CCA: ${detail(ccaFigures)}; node:http: ${detail(bareFigures)}`,
    ),
    below('GET /api/my-leads p95 at 50 connections', ccaFigures.p95, 'ms', 50),
  ];
}
