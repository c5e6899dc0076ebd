import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEnv } from '../testing/test-app.ts';
import { postForm, utf8Csv, waitForBatch } from './fixtures/import-fixtures.ts';
import { type ImportWorker, startImportWorker } from './import.worker.ts';

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

function file(first: number) {
  const rows = [['nome', 'telefone']];
  for (let index = first; index < first + 300; index++) {
    rows.push([`Pessoa ${index}`, `(11) 9${String(20_000_000 + index)}`]);
  }
  return utf8Csv(rows, ';', false);
}

async function importWith(tidyAfterLeads: number | undefined, first: number) {
  const worker = startImportWorker({
    database: t.database,
    dataDir: testEnv.dataDir,
    pollMs: 50,
    ...(tidyAfterLeads === undefined ? {} : { tidyAfterLeads }),
  });
  workers.push(worker);
  const response = await postForm(t.app, '/api/imports', cookie, file(first), 'lista.csv');
  expect(response.statusCode).toBe(202);
  const batch = await waitForBatch(t.app, cookie, response.json().id);
  expect(batch.inserted).toBe(300);
  return worker;
}

/** When the leads were last vacuumed and analysed by hand (not by autovacuum). */
async function lastTidy() {
  await sql`select pg_stat_clear_snapshot()`.execute(t.database.db);
  const { rows } = await sql<{ vacuumed: Date | null; analysed: Date | null }>`
    select last_vacuum as vacuumed, last_analyze as analysed
      from pg_stat_user_tables where relname = 'leads'`.execute(t.database.db);
  return rows[0];
}

it('vacuums and analyses the leads after an import that made many, and not after a small one', async () => {
  // The migrations analyse the leads once (0031); an import's own tidying comes after.
  const before = await lastTidy();
  const small = await importWith(undefined, 0);
  await small.stop();
  expect(await lastTidy()).toEqual(before);

  await importWith(100, 1000);
  await expect
    .poll(
      async () => {
        const tidy = await lastTidy();
        return (
          tidy?.vacuumed != null &&
          tidy.analysed != null &&
          tidy.analysed.getTime() !== before?.analysed?.getTime()
        );
      },
      { timeout: 10_000 },
    )
    .toBe(true);
});
