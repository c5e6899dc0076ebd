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
import { adminCredentials } from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { createUserRepository, ensureFirstAdmin } from '../users/index.ts';

const rows = 120_000;
let database: TestDatabase;
let dataDir: string;
let csvPath: string;
const servers: SpawnedServer['process'][] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureFirstAdmin(createUserRepository(database.db), { ...adminCredentials, name: 'Admin' });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'cca-import-kill-'));
  // Every tenth row repeats an earlier phone: the row before it, or past 50 000 a row of
  // 50 000 rows earlier, so repeats also cross the chunks the worker loads.
  const lines = ['nome;celular'];
  const repeated = (row: number): number =>
    row % 10 === 9 ? repeated(row >= 50_000 ? row - 50_000 : row - 1) : row;
  for (let row = 0; row < rows; row++) {
    const number = repeated(row);
    lines.push(`Pessoa ${row};(21) 9${90_000_000 + number}`);
  }
  csvPath = path.join(dataDir, 'lista.csv');
  await writeFile(csvPath, `${lines.join('\r\n')}\r\n`);
});

afterAll(async () => {
  for (const server of servers) server.kill('SIGKILL');
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function startServer() {
  const { process: server, baseUrl } = await spawnServer({
    DATABASE_URL: database.connectionString,
    DATA_DIR: dataDir,
  });
  servers.push(server);
  const cookie = await signInAsAdmin(baseUrl);
  const batch = async (id: number) =>
    (await (await fetch(`${baseUrl}/api/imports/${id}`, { headers: { cookie } })).json()) as {
      status: string;
      processedRows: number;
      inserted: number;
      duplicates: number;
      rejected: number;
    };
  return { server, baseUrl, cookie, batch };
}

async function leadFigures() {
  const result = await sql<{ leads: number; phones: number }>`
    SELECT count(*)::int AS leads, count(DISTINCT phone)::int AS phones FROM leads
  `.execute(database.db);
  return result.rows[0];
}

it('a server killed with SIGKILL mid-import leaves nothing half done; the next one finishes exactly', async () => {
  const first = await startServer();
  const id = await startImport(first.baseUrl, first.cookie, csvPath);

  let progress = await first.batch(id);
  while (progress.processedRows === 0 && progress.status !== 'done') {
    await new Promise((resolve) => setTimeout(resolve, 50));
    progress = await first.batch(id);
  }
  first.server.kill('SIGKILL');
  await new Promise((resolve) => first.server.once('exit', resolve));
  expect(progress.status).toBe('running');
  expect(progress.processedRows).toBeLessThan(rows);
  expect(await leadFigures()).toEqual({ leads: 0, phones: 0 });
  expect(await invariantViolations(database.db)).toEqual([]);

  const second = await startServer();
  let finished = await second.batch(id);
  const deadline = Date.now() + 60_000;
  while (finished.status !== 'done' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    finished = await second.batch(id);
  }
  expect(finished).toMatchObject({
    status: 'done',
    inserted: rows * 0.9,
    duplicates: rows * 0.1,
    rejected: 0,
  });
  expect(await leadFigures()).toEqual({ leads: rows * 0.9, phones: rows * 0.9 });
  expect(await invariantViolations(database.db)).toEqual([]);
  second.server.kill('SIGTERM');
}, 120_000);
