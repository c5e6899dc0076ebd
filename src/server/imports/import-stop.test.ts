import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { invariantViolations } from '../testing/invariants.ts';
import {
  type SpawnedServer,
  signInAsAdmin,
  spawnServer,
  startImport,
} from '../testing/spawn-server.ts';
import { holdTableLock, waitForBackendBlockedOn } from '../testing/table-lock.ts';
import { adminCredentials } from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { createUserRepository, ensureFirstAdmin } from '../users/index.ts';

const rows = 5_000;
let database: TestDatabase;
let dataDir: string;
let csvPath: string;
const servers: SpawnedServer[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureFirstAdmin(createUserRepository(database.db), { ...adminCredentials, name: 'Admin' });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cca-import-stop-'));
  const lines = ['nome;celular'];
  for (let row = 0; row < rows; row++) lines.push(`Pessoa ${row};(21) 9${90_000_000 + row}`);
  csvPath = path.join(dataDir, 'lista.csv');
  await writeFile(csvPath, `${lines.join('\r\n')}\r\n`);
});

afterAll(async () => {
  for (const server of servers) server.process.kill('SIGKILL');
  await Promise.all(servers.map((server) => server.exited));
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function startServer() {
  const server = await spawnServer({ DATABASE_URL: database.connectionString, DATA_DIR: dataDir });
  servers.push(server);
  const { baseUrl } = server;
  const cookie = await signInAsAdmin(baseUrl);
  const batch = async (id: number) =>
    (await (await fetch(`${baseUrl}/api/imports/${id}`, { headers: { cookie } })).json()) as {
      status: string;
      inserted: number;
      rejected: number;
    };
  return { server, baseUrl, cookie, batch };
}

async function batchStatus(id: number) {
  const result = await sql<{ status: string }>`
    SELECT status FROM import_batches WHERE id = ${id}
  `.execute(database.db);
  return result.rows[0]?.status;
}

const leadCount = async () =>
  (await sql<{ leads: number }>`SELECT count(*)::int AS leads FROM leads`.execute(database.db))
    .rows[0]?.leads;

it('SIGTERM while a chunk is running in PostgreSQL ends the server within seconds; the batch is queued again and the next server loads it whole', async () => {
  const first = await startServer();
  // The chunk's insert of the leads waits behind this lock: a statement that would not end.
  const lock = await holdTableLock(database.connectionString, 'leads');
  try {
    const id = await startImport(first.baseUrl, first.cookie, csvPath);
    await waitForBackendBlockedOn(database.db, 'leads');

    const signalledAt = Date.now();
    first.server.process.kill('SIGTERM');
    const exitCode = await Promise.race([
      first.server.exited,
      new Promise<string>((resolve) =>
        setTimeout(() => resolve('still running after 10 s'), 10_000),
      ),
    ]);
    expect(exitCode).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    // Queued again as a stop leaves it (not failed), with nothing of it committed.
    expect(await batchStatus(id)).toBe('queued');
    expect(await leadCount()).toBe(0);
    await lock.release();

    const second = await startServer();
    let finished = await second.batch(id);
    const deadline = Date.now() + 60_000;
    while (finished.status !== 'done' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      finished = await second.batch(id);
    }
    expect(finished).toMatchObject({ status: 'done', inserted: rows, rejected: 0 });
    expect(await leadCount()).toBe(rows);
    expect(await invariantViolations(database.db)).toEqual([]);
    second.server.process.kill('SIGTERM');
    expect(await second.server.exited).toBe(0);
  } finally {
    await lock.release();
  }
}, 120_000);
