import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { hostileFiles } from '../src/server/spreadsheets/fixtures/hostile-files.ts';
import type { BenchContext } from './context.ts';
import { below, type Figure, percentile } from './harness.ts';
import { startServer } from './server.ts';

const senders = 4;
const durationMs = 10_000;
/** Long enough for each sender to go through every file and reader, the 200 MB line too. */
const uploadDurationMs = 30_000;

/**
 * Two attacks on one server, each while a load balancer's health check asks GET /api/health
 * one request at a time; each figure is that check's p95.
 *
 * - Unauthenticated, on the public sign-in route: `senders` clients post, back to back, a 1 MB
 *   body of `{"a":{"a":…}}`.
 * - As an admin, on the three file readers (the import's preview, the import, the block
 *   lists): `senders` clients, each a process of its own (hostile-uploader.ts), upload, back
 *   to back, the hostile files the tests send (a zip
 *   bomb, shared-string amplification, 100,000 columns, a 200 MB line, DOCTYPEs, NUL bytes,
 *   invalid UTF-8, a cut zip, a missing sheet), each refused with a 4xx.
 */
export async function hostileBenchmarks(context: BenchContext): Promise<Figure[]> {
  const { server, baseUrl, cookie } = await startServer(context.databaseUrl, context.workDir);
  const levels = Math.floor((1024 * 1024) / 6);
  const body = `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  try {
    const signInStatuses = new Map<number, number>();
    const nestedJsonLoad = machineLoad();
    const nestedJson = await healthWhile(baseUrl, durationMs, async () => {
      const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }).catch(() => undefined);
      const status = response?.status ?? 0;
      signInStatuses.set(status, (signInStatuses.get(status) ?? 0) + 1);
      await response?.arrayBuffer().catch(() => undefined);
    });

    // The uploads come from processes of their own: streaming 200 MB files from this one
    // would hold the event loop that times the health check.
    const uploaders = Array.from({ length: senders }, (_, sender) =>
      uploader({ BASE_URL: baseUrl, COOKIE: cookie, SENDER: String(sender) }),
    );
    await Promise.all(uploaders.map((started) => started.ready));
    const uploadLoad = machineLoad();
    const uploadHealth = await healthFor(baseUrl, uploadDurationMs);
    const results = await Promise.all(uploaders.map((started) => started.done));
    const unexpected = results.flatMap((result) => result.unexpected);
    if (unexpected.length > 0) {
      throw new Error(`hostile: unexpected answers:\n${unexpected.slice(0, 5).join('\n')}`);
    }
    const uploadStatuses = new Map<number, number>();
    for (const result of results) {
      for (const [status, count] of Object.entries(result.statuses)) {
        uploadStatuses.set(Number(status), (uploadStatuses.get(Number(status)) ?? 0) + count);
      }
    }
    const sent = results.reduce((total, result) => total + result.sent, 0);
    const peak = await peakMemoryMegabytes(server.pid);
    const answers = (statuses: Map<number, number>) =>
      [...statuses].map(([status, count]) => `${count}× ${status}`).join(', ');
    return [
      below(
        `GET /api/health p95 while ${senders} senders post 1 MB of nested JSON to sign-in`,
        percentile(nestedJson.latencies, 95),
        'ms',
        50,
        `${nestedJson.latencies.length} health checks in ${durationMs / 1000} s; the attack got ${answers(signInStatuses)}; ${nestedJsonLoad}`,
      ),
      below(
        `GET /api/health p95 while ${senders} clients upload hostile files to the import preview, the import and the block lists`,
        percentile(uploadHealth, 95),
        'ms',
        50,
        `${uploadHealth.length} health checks in ${uploadDurationMs / 1000} s, slowest ${Math.max(...uploadHealth).toFixed(0)} ms; ${sent} uploads of ${hostileFiles().length} files to 3 readers, answered ${answers(uploadStatuses)}, each the pt-BR refusal the tests expect; the server's peak resident memory over both attacks ${peak === undefined ? 'unknown' : `${peak.toFixed(0)} MiB`}; ${uploadLoad}`,
      ),
    ];
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

/**
 * One hostile client (hostile-uploader.ts) for uploadDurationMs: `ready` once its files are
 * built, `done` with what the server answered it.
 */
function uploader(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/hostile-uploader.ts'], {
    env: { ...process.env, ...env, DURATION_MS: String(uploadDurationMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.startsWith('ready\n')) markReady();
  });
  const done = new Promise<{
    sent: number;
    statuses: Record<string, number>;
    unexpected: string[];
  }>((resolve, reject) =>
    child.once('exit', (code) => {
      markReady();
      if (code === 0) resolve(JSON.parse(output.slice('ready\n'.length)));
      else reject(new Error(`hostile: an uploader exited with ${code}`));
    }),
  );
  // Seen by the caller once the health checks are over; a failure before then is no crash.
  done.catch(() => {});
  return { ready, done };
}

/**
 * Runs `senders` copies of `attack`, each back to back, for `durationMs`, while GET /api/health
 * is asked one request at a time; answers the health check's latencies.
 */
async function healthWhile(
  baseUrl: string,
  durationMs: number,
  attack: (sender: number) => Promise<void>,
) {
  let stop = false;
  const failures: unknown[] = [];
  const send = async (sender: number) => {
    while (!stop) {
      await attack(sender).catch((error: unknown) => {
        failures.push(error);
        stop = true;
      });
    }
  };
  const attacks = Array.from({ length: senders }, (_, sender) => send(sender));
  let latencies: number[];
  try {
    latencies = await healthFor(baseUrl, durationMs, () => failures.length > 0);
  } finally {
    stop = true;
    await Promise.all(attacks);
  }
  if (failures.length > 0) throw failures[0];
  return { latencies };
}

/** GET /api/health one request at a time for `durationMs`, or until `failed`; its latencies. */
async function healthFor(baseUrl: string, durationMs: number, failed = () => false) {
  const latencies: number[] = [];
  const started = performance.now();
  while (performance.now() - started < durationMs && !failed()) {
    const before = performance.now();
    const health = await fetch(`${baseUrl}/api/health`);
    await health.arrayBuffer();
    if (health.status !== 200) throw new Error(`hostile: health answered ${health.status}`);
    latencies.push(performance.now() - before);
  }
  return latencies;
}

/**
 * The machine's load average over the last minute before an attack, against its cores: the
 * health check's time depends on what else the machine runs.
 */
function machineLoad(): string {
  return `machine load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores before it`;
}

/** A process's peak resident memory, in MiB (Linux), or undefined elsewhere. */
async function peakMemoryMegabytes(pid: number | undefined): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const peak = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  return peak === undefined ? undefined : Number(peak) / 1024;
}
