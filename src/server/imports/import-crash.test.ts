import { existsSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEnv } from '../testing/test-app.ts';
import { postForm, utf8Csv, waitForBatch } from './fixtures/import-fixtures.ts';
import { type ImportWorker, SimulatedCrash, startImportWorker } from './import.worker.ts';
import { uploadPath } from './import-files.ts';

let t: TestApp;
let cookie: string;
const workers: ImportWorker[] = [];

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signInAsAdmin();
});

afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await t?.close();
});

/** 3 000 rows: 2 670 distinct phones, 300 repeating an earlier row, 30 bad. */
function bigFile() {
  const rows = [['nome', 'telefone', 'cidade']];
  for (let index = 0; index < 3000; index++) {
    const number = index % 10 === 9 ? index - 1 : index;
    const phone = index % 100 === 50 ? '123' : `(11) 9${String(10_000_000 + number)}`;
    rows.push([`Pessoa ${index}`, phone, 'São Paulo']);
  }
  return utf8Csv(rows, ';', false);
}

async function leadFigures() {
  return t.database.db
    .selectNoFrom([
      sql<number>`(SELECT count(*)::int FROM leads)`.as('leads'),
      sql<number>`(SELECT count(DISTINCT phone)::int FROM leads)`.as('phones'),
      sql<number>`(SELECT count(*)::int FROM import_rejections)`.as('rejections'),
    ])
    .executeTakeFirstOrThrow();
}

it('a server dying mid-import leaves nothing half-stored; the next one redoes the batch exactly', async () => {
  let crashed!: () => void;
  const crash = new Promise<void>((resolve) => {
    crashed = resolve;
  });
  const dying = startImportWorker({
    database: t.database,
    dataDir: testEnv.dataDir,
    pollMs: 50,
    afterRow: (row) => {
      if (row === 1500) {
        crashed();
        throw new SimulatedCrash();
      }
    },
  });
  workers.push(dying);
  const response = await postForm(t.app, '/api/imports', cookie, bigFile(), 'grande.csv');
  expect(response.statusCode).toBe(202);
  const { id } = response.json();
  await crash;
  await dying.stop();

  // As a dead server leaves it: still `running`, nothing of it stored, the file kept.
  const left = await t.as(cookie).get(`/api/imports/${id}`);
  expect(left.json().status).toBe('running');
  expect(await leadFigures()).toEqual({ leads: 0, phones: 0, rejections: 0 });
  expect(existsSync(uploadPath(testEnv.dataDir, id))).toBe(true);

  // Another server starts, sees the heartbeat stopped and takes the batch again.
  const next = startImportWorker({
    database: t.database,
    dataDir: testEnv.dataDir,
    pollMs: 50,
    staleSeconds: 0,
  });
  workers.push(next);
  const batch = await waitForBatch(t.app, cookie, id);
  expect(batch).toMatchObject({
    status: 'done',
    totalRows: 3000,
    processedRows: 3000,
    rejected: 30,
    duplicates: 300,
    blocked: 0,
    inserted: 2670,
  });
  expect(await leadFigures()).toEqual({ leads: 2670, phones: 2670, rejections: 30 });
  // The file is removed just after the commit.
  await expect.poll(() => existsSync(uploadPath(testEnv.dataDir, id))).toBe(false);
});
