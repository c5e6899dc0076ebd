import { readFile } from 'node:fs/promises';
import {
  fileReaders,
  type HostileFile,
  hostileFiles,
  postHostileFile,
} from '../src/server/imports/fixtures/hostile-files.ts';
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
 *   lists): `senders` clients upload, back to back, the hostile files the tests send (a zip
 *   bomb, shared-string amplification, 100,000 columns, a 200 MB line, DOCTYPEs, NUL bytes,
 *   invalid UTF-8, a cut zip, a missing sheet), each refused with a 4xx.
 */
export async function hostileBenchmarks(context: BenchContext): Promise<Figure[]> {
  const { server, baseUrl, cookie } = await startServer(context.databaseUrl, context.workDir);
  const levels = Math.floor((1024 * 1024) / 6);
  const body = `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  try {
    const signInStatuses = new Map<number, number>();
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

    // Each sender goes through every file and reader, starting at a place of its own.
    const uploads = hostileFiles().flatMap((file) =>
      fileReaders.map((reader) => ({ file, reader })),
    );
    const uploadStatuses = new Map<number, number>();
    const unexpected: string[] = [];
    let sent = 0;
    const next = Array.from({ length: senders }, (_, sender) => sender * 7);
    const upload = async (sender: number) => {
      const index = (next[sender] as number) % uploads.length;
      next[sender] = index + 1;
      const { file, reader } = uploads[index] as (typeof uploads)[number];
      const answer = await postHostileFile({ baseUrl, cookie }, reader.url, reader.fields, file);
      sent++;
      uploadStatuses.set(answer.status, (uploadStatuses.get(answer.status) ?? 0) + 1);
      if (!expected(file, answer)) {
        unexpected.push(`${file.label} → ${reader.url}: ${answer.status} ${answer.message}`);
      }
    };
    const hostileUploads = await healthWhile(baseUrl, uploadDurationMs, upload);
    if (unexpected.length > 0) {
      throw new Error(`hostile: unexpected answers:\n${unexpected.slice(0, 5).join('\n')}`);
    }
    const peak = await peakMemoryMegabytes(server.pid);
    const answers = (statuses: Map<number, number>) =>
      [...statuses].map(([status, count]) => `${count}× ${status}`).join(', ');
    return [
      below(
        `GET /api/health p95 while ${senders} senders post 1 MB of nested JSON to sign-in`,
        percentile(nestedJson.latencies, 95),
        'ms',
        50,
        `${nestedJson.latencies.length} health checks in ${durationMs / 1000} s; the attack got ${answers(signInStatuses)}`,
      ),
      below(
        `GET /api/health p95 while ${senders} clients upload hostile files to the import preview, the import and the block lists`,
        percentile(hostileUploads.latencies, 95),
        'ms',
        50,
        `${hostileUploads.latencies.length} health checks in ${uploadDurationMs / 1000} s, slowest ${Math.max(...hostileUploads.latencies).toFixed(0)} ms; ${sent} uploads of ${hostileFiles().length} files to 3 readers, answered ${answers(uploadStatuses)}, each the pt-BR refusal the tests expect; the server's peak resident memory over both attacks ${peak === undefined ? 'unknown' : `${peak.toFixed(0)} MiB`}`,
      ),
    ];
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

function expected(file: HostileFile, answer: { status: number; message: string }): boolean {
  return answer.status === file.status && file.message.test(answer.message);
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
  const latencies: number[] = [];
  try {
    const started = performance.now();
    while (performance.now() - started < durationMs && failures.length === 0) {
      const before = performance.now();
      const health = await fetch(`${baseUrl}/api/health`);
      await health.arrayBuffer();
      if (health.status !== 200) throw new Error(`hostile: health answered ${health.status}`);
      latencies.push(performance.now() - before);
    }
  } finally {
    stop = true;
    await Promise.all(attacks);
  }
  if (failures.length > 0) throw failures[0];
  return { latencies };
}

/** A process's peak resident memory, in MiB (Linux), or undefined elsewhere. */
async function peakMemoryMegabytes(pid: number | undefined): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const peak = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  return peak === undefined ? undefined : Number(peak) / 1024;
}
