import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEnv } from '../testing/test-app.ts';
import { excelCsv, postForm, waitForBatch } from './fixtures/import-fixtures.ts';
import { type ImportWorker, startImportWorker } from './import.worker.ts';

let t: TestApp;
let worker: ImportWorker;
let cookie: string;
const pause = new Int32Array(new SharedArrayBuffer(4));

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signInAsAdmin();
  // Each row takes 3 ms, so the import lasts about a second.
  worker = startImportWorker({
    database: t.database,
    dataDir: testEnv.dataDir,
    pollMs: 50,
    afterRow: () => void Atomics.wait(pause, 0, 0, 3),
  });
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

it('reports the time an import took by the clock, and a rate from it', async () => {
  const rows = Array.from({ length: 300 }, (_, row) => [
    `Pessoa ${row}`,
    `(31) 9${String(70_000_000 + row)}`,
  ]);
  const started = Date.now();
  const response = await postForm(
    t.app,
    '/api/imports',
    cookie,
    excelCsv([['nome', 'celular'], ...rows]),
    'lenta.csv',
  );
  expect(response.statusCode, response.body).toBe(202);
  const batch = await waitForBatch(t.app, cookie, response.json().id);
  const wall = Date.now() - started;
  expect(batch.status).toBe('done');
  const took = Date.parse(batch.finishedAt) - Date.parse(batch.startedAt);
  expect(took).toBeGreaterThanOrEqual(800);
  expect(took).toBeLessThanOrEqual(wall);
  expect(batch.rowsPerSecond).toBeLessThanOrEqual(Math.ceil(300 / 0.8));
});
