import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEnv } from '../testing/test-app.ts';
import { postForm, utf8Csv, waitForBatch } from './fixtures/import-fixtures.ts';
import { type ImportWorker, startImportWorker } from './import.worker.ts';

// The worker beats every second on a connection of the pool, while the import's own
// transaction writes the batch's counts on the same row: a beat sent after that write waits
// for the import's commit, and the import must not wait for that beat.

let t: TestApp;
let cookie: string;
let worker: ImportWorker;
/** A connection holding the webhook endpoints, so the import stops in its last statement. */
let holder: pg.Client;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signInAsAdmin();
  worker = startImportWorker({ database: t.database, dataDir: testEnv.dataDir, pollMs: 50 });
});

afterEach(async () => {
  await holder?.end().catch(() => {});
});

afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

const file = (areaCode: number) =>
  utf8Csv(
    [
      ['nome', 'telefone'],
      ['Ana Souza', `(${areaCode}) 98765-4321`],
      ['Bruno Lima', `(${areaCode}) 98765-4322`],
    ],
    ';',
    false,
  );

/** The backends of this database waiting for a lock, by the start of their statement. */
async function lockWaiters() {
  const { rows } = await sql<{ pid: number; query: string }>`
    select pid, left(query, 60) as query from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock'
  `.execute(t.database.db);
  return rows;
}

/** Imports a file while the webhook endpoints are locked: it stops after writing its counts. */
async function importHeldAtItsEnd(areaCode: number) {
  holder = await t.database.connectUnlimited();
  await holder.query('BEGIN');
  await holder.query('LOCK TABLE webhook_endpoints IN ACCESS EXCLUSIVE MODE');
  const response = await postForm(t.app, '/api/imports', cookie, file(areaCode), 'lista.csv');
  expect(response.statusCode).toBe(202);
  await expect
    .poll(async () => (await lockWaiters()).map((waiter) => waiter.query), { timeout: 20_000 })
    .toEqual([expect.stringContaining('INSERT INTO webhook_deliveries')]);
  // Long enough for two heartbeats.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  return response.json().id as number;
}

const leadCount = async () =>
  (await sql<{ n: number }>`select count(*)::int as n from leads`.execute(t.database.db)).rows[0]
    ?.n;

it('ends without waiting for a heartbeat stuck behind its own counts', async () => {
  const id = await importHeldAtItsEnd(11);
  // Only the import waits; no heartbeat is queued behind the row its transaction wrote.
  expect((await lockWaiters()).map((waiter) => waiter.query)).toEqual([
    expect.stringContaining('INSERT INTO webhook_deliveries'),
  ]);
  await holder.query('COMMIT');
  expect(await waitForBatch(t.app, cookie, id)).toMatchObject({ status: 'done', inserted: 2 });
  expect(await leadCount()).toBe(2);
});

it('is marked failed at once when it fails after writing its counts, and keeps nothing', async () => {
  const before = await leadCount();
  const id = await importHeldAtItsEnd(21);
  const [importing] = await lockWaiters();
  await sql`select pg_cancel_backend(${importing?.pid ?? 0})`.execute(t.database.db);
  const batch = await waitForBatch(t.app, cookie, id);
  expect(batch.status).toBe('failed');
  expect(batch.error).toMatch(/^Não foi possível/);
  expect(await leadCount()).toBe(before);
});
