import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SpawnedServer, signInAsAdmin, spawnServer } from '../testing/spawn-server.ts';
import { adminCredentials } from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { createUserRepository, ensureFirstAdmin } from '../users/index.ts';
import {
  fileReaders,
  hostileFiles,
  lateAmplification,
  postHostileFile,
} from './fixtures/hostile-files.ts';

/**
 * The old generation a server may use here: far under what an amplified file would expand
 * to, enough for the server's own work. Past it the process dies, which the test sees.
 */
const heapLimitMegabytes = 256;
/** A health check slower than this is a server whose event loop a file holds. */
const healthTimeoutMs = 3000;

let database: TestDatabase;
let dataDir: string;
let server: SpawnedServer;
let cookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureFirstAdmin(createUserRepository(database.db), { ...adminCredentials, name: 'Admin' });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cca-hostile-uploads-'));
  server = await spawnServer({
    DATABASE_URL: database.connectionString,
    DATA_DIR: dataDir,
    NODE_OPTIONS: `--max-old-space-size=${heapLimitMegabytes}`,
    // Large enough that the 200 MB line reaches the readers instead of the size limit.
    IMPORT_MAX_BYTES: String(300 * 2 ** 20),
  });
  cookie = await signInAsAdmin(server.baseUrl);
});

afterAll(async () => {
  server?.process.kill('SIGKILL');
  await server?.exited;
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function counts() {
  const result = await sql<{ batches: number; leads: number; lists: number; phones: number }>`
    SELECT (SELECT count(*)::int FROM import_batches) AS batches,
           (SELECT count(*)::int FROM leads) AS leads,
           (SELECT count(*)::int FROM block_list_sources) AS lists,
           (SELECT count(*)::int FROM block_list_phones) AS phones`.execute(database.db);
  return result.rows[0];
}

async function leftoverUploads() {
  const found: string[] = [];
  for (const folder of ['imports', 'block-lists']) {
    const files = await readdir(path.join(dataDir, folder)).catch(() => []);
    found.push(...files.map((file) => `${folder}/${file}`));
  }
  return found;
}

/** A process its heap limit ends dies of SIGABRT: it has a signal, not an exit code. */
function alive(): boolean {
  return server.process.exitCode === null && server.process.signalCode === null;
}

/** The server's peak resident memory so far, in MiB (Linux), or undefined elsewhere. */
async function peakMemoryMegabytes(): Promise<number | undefined> {
  const status = await readFile(`/proc/${server.process.pid}/status`, 'utf8').catch(() => '');
  const peak = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  return peak === undefined ? undefined : Number(peak) / 1024;
}

/**
 * Asks GET /api/health one request at a time until `stop` settles; answers the slowest answer
 * and every failure (no answer within healthTimeoutMs, or not 200).
 */
async function healthWhile(stop: Promise<unknown>) {
  let done = false;
  const end = () => {
    done = true;
  };
  stop.then(end, end);
  let slowest = 0;
  const failures: string[] = [];
  while (!done) {
    const started = performance.now();
    try {
      const response = await fetch(`${server.baseUrl}/api/health`, {
        signal: AbortSignal.timeout(healthTimeoutMs),
      });
      await response.arrayBuffer();
      if (response.status !== 200) failures.push(`health answered ${response.status}`);
    } catch (error) {
      failures.push(`health: ${(error as Error).message}`);
      if (!alive()) break;
    }
    slowest = Math.max(slowest, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { slowest, failures };
}

it('every reader answers each hostile file with a 4xx in pt-BR, within its memory, and health keeps answering', async () => {
  const before = await counts();
  const answers: string[] = [];
  const expected: string[] = [];
  const healthFailures: string[] = [];
  let slowestHealth = 0;
  for (const file of hostileFiles()) {
    for (const reader of fileReaders) {
      const sent = postHostileFile(
        { baseUrl: server.baseUrl, cookie },
        reader.url,
        reader.fields,
        file,
      )
        .then(({ status, message }) => `${status} ${message}`)
        .catch((error: Error) => `no answer: ${error.message}`);
      const health = await healthWhile(sent);
      const answer = await sent;
      slowestHealth = Math.max(slowestHealth, health.slowest);
      const ok = file.message.test(answer) && answer.startsWith(`${file.status} `);
      answers.push(`${file.label} → ${reader.url}: ${ok ? 'as expected' : answer.slice(0, 300)}`);
      expected.push(`${file.label} → ${reader.url}: as expected`);
      healthFailures.push(
        ...health.failures.map((failure) => `${file.label} → ${reader.url}: ${failure}`),
      );
      // A process killed by its heap limit may close the connection before it is gone.
      if (answer.startsWith('no answer')) {
        await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
      }
      if (!alive()) {
        throw new Error(
          `the server died (${server.process.signalCode ?? `exit ${server.process.exitCode}`}) on ${file.label} → ${reader.url}:\n` +
            server.output().slice(-2000),
        );
      }
    }
  }
  expect(answers).toEqual(expected);
  expect(healthFailures).toEqual([]);
  expect(alive()).toBe(true);
  expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  expect(await counts()).toEqual(before);
  // A failed import's upload is deleted just after its batch is marked failed.
  await expect.poll(leftoverUploads).toEqual([]);
  // The heap is capped by the limit above; this is the whole process, buffers included.
  const peak = await peakMemoryMegabytes();
  if (peak !== undefined) expect(peak).toBeLessThan(2 * heapLimitMegabytes);
  console.log(
    `hostile uploads: slowest health check ${slowestHealth.toFixed(0)} ms, the server's peak resident memory ${peak?.toFixed(0)} MiB`,
  );
}, 600_000);

it('an amplification past the rows an inspection reads fails the import with the row limit, and the block list refuses it', async () => {
  const before = await counts();
  const bytes = lateAmplification();
  const file = {
    label: 'late amplification',
    fileName: 'tardia.xlsx',
    size: bytes.length,
    chunks: () => [bytes],
    status: 400,
    message: /./,
  };
  const limit = 'A linha 22 tem mais de 1.048.576 caracteres; o limite é 1.048.576.';
  const admin = { baseUrl: server.baseUrl, cookie };
  const refused = postHostileFile(admin, '/api/block-lists', fileReaders[2].fields, file).catch(
    (error: Error) => ({ status: 0, message: `no answer: ${error.message}` }),
  );
  const health = await healthWhile(refused);
  expect(await refused).toEqual({ status: 400, message: limit });

  const started = await postHostileFile(admin, '/api/imports', fileReaders[1].fields, file);
  expect(started.status, started.message).toBe(202);
  const { id } = JSON.parse(started.message) as { id: number };
  const batch = async () =>
    (await (
      await fetch(`${server.baseUrl}/api/imports/${id}`, { headers: { cookie } })
    ).json()) as {
      status: string;
      error: string | null;
    };
  const running = (async () => {
    let state = await batch();
    while (!['done', 'failed'].includes(state.status) && alive()) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = await batch().catch(() => state);
    }
    return state;
  })();
  const healthDuringImport = await healthWhile(running);
  expect(alive(), server.output().slice(-2000)).toBe(true);
  expect(await running).toMatchObject({ status: 'failed', error: limit });
  expect([...health.failures, ...healthDuringImport.failures]).toEqual([]);
  expect({ ...(await counts()), batches: before?.batches }).toEqual(before);
  // A failed import's upload is deleted just after its batch is marked failed.
  await expect.poll(leftoverUploads).toEqual([]);
}, 120_000);
