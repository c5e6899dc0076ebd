import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { findFreePort } from '../src/server/db/embedded-postgres.ts';
import { adminCredentials } from '../src/server/testing/test-app.ts';
import type { BenchContext } from './context.ts';
import { below, type Figure, median } from './harness.ts';

const warmStarts = 3;
/** Longer than any target: a start that takes this long has failed. */
const giveUpAfterMs = 120_000;

interface Start {
  /** From spawning the process to the first 200 of GET /api/health. */
  healthySeconds: number;
  /** From SIGTERM to the process's exit. */
  stopSeconds: number;
}

/**
 * `npm start` on `dataDir` as a new deployment runs it: its own embedded PostgreSQL (no
 * DATABASE_URL), the first administrator from ADMIN_EMAIL/ADMIN_PASSWORD (as the README
 * advises, so no generated password is printed) and the cookie secret generated and kept in
 * the database. Stops it with SIGTERM, as a service manager does.
 */
async function startUntilHealthy(dataDir: string): Promise<Start> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _ignored, ...parentEnv } = process.env;
  let output = '';
  const started = performance.now();
  const server: ChildProcess = spawn('node', ['--enable-source-maps', 'dist/server/main.js'], {
    env: {
      ...parentEnv,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: adminCredentials.email,
      ADMIN_PASSWORD: adminCredentials.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  // Kept to explain a start that fails; the server's normal output is of no interest here.
  for (const stream of [server.stdout, server.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output = `${output}${chunk.toString()}`.slice(-4000);
    });
  }
  try {
    for (;;) {
      if (exitCode !== undefined) {
        throw new Error(
          `startup: the server exited (code ${exitCode}) before it was healthy\n${output}`,
        );
      }
      if (performance.now() - started > giveUpAfterMs) {
        throw new Error(`startup: not healthy after ${giveUpAfterMs / 1000} s\n${output}`);
      }
      const health = await fetch(`${baseUrl}/api/health`).catch(() => undefined);
      if (health?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const healthySeconds = (performance.now() - started) / 1000;
    const stopping = performance.now();
    server.kill('SIGTERM');
    const code = await exited;
    if (code !== 0)
      throw new Error(`startup: the server exited with ${code} on SIGTERM\n${output}`);
    return { healthySeconds, stopSeconds: (performance.now() - stopping) / 1000 };
  } finally {
    if (exitCode === undefined) {
      server.kill('SIGKILL');
      await exited;
    }
  }
}

/**
 * The production server from nothing to healthy: first on a fresh data folder (creating the
 * PostgreSQL cluster, migrating, creating the first administrator), then again on the same
 * folder, as after a restart.
 */
export async function startupBenchmarks(context: BenchContext): Promise<Figure[]> {
  // What `npm start` does first; a build, when one is due, is not part of the start.
  execFileSync('node', ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  const dataDir = await mkdtemp(path.join(context.workDir, 'startup-'));
  try {
    const cold = await startUntilHealthy(dataDir);
    const warm: Start[] = [];
    for (let run = 0; run < warmStarts; run++) warm.push(await startUntilHealthy(dataDir));
    const seconds = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');
    return [
      below(
        'cold start to healthy (fresh data dir)',
        cold.healthySeconds,
        's',
        30,
        `node dist/server/main.js with the embedded PostgreSQL: initdb, migrations, first admin; stopped by SIGTERM in ${cold.stopSeconds.toFixed(2)} s`,
      ),
      below(
        'warm start to healthy',
        median(warm.map((start) => start.healthySeconds)),
        's',
        5,
        `median of ${warmStarts} starts on the same data folder (${seconds(warm.map((start) => start.healthySeconds))} s); stopped by SIGTERM in ${seconds(warm.map((start) => start.stopSeconds))} s`,
      ),
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
