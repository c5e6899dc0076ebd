import { sql } from 'kysely';
import type pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { postForm, setUpImportTestApp, utf8Csv, waitForBatch } from './fixtures/import-fixtures.ts';

// The worker beats every second on a connection of the pool, while the import's own
// transaction writes the batch's counts on the same row: a beat sent after that write waits
// for the import's commit, and the import must not wait for that beat.

const { context, counts } = setUpImportTestApp();
/** A connection holding the webhook endpoints, so the import stops in its last statement. */
let holder: pg.Client;

afterEach(async () => {
  await holder?.end().catch(() => {});
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
  `.execute(context.t.database.db);
  return rows;
}

/** Imports a file while the webhook endpoints are locked: it stops after writing its counts. */
async function importHeldAtItsEnd(areaCode: number) {
  holder = await context.t.database.connectUnlimited();
  await holder.query('BEGIN');
  await holder.query('LOCK TABLE webhook_endpoints IN ACCESS EXCLUSIVE MODE');
  const response = await postForm(
    context.t.app,
    '/api/imports',
    context.cookie,
    file(areaCode),
    'lista.csv',
  );
  expect(response.statusCode).toBe(202);
  await expect
    .poll(async () => (await lockWaiters()).map((waiter) => waiter.query), { timeout: 20_000 })
    .toEqual([expect.stringContaining('INSERT INTO webhook_deliveries')]);
  // Long enough for two heartbeats.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  return response.json().id as number;
}

it('ends without waiting for a heartbeat stuck behind its own counts', async () => {
  const id = await importHeldAtItsEnd(11);
  // Only the import waits; no heartbeat is queued behind the row its transaction wrote.
  expect((await lockWaiters()).map((waiter) => waiter.query)).toEqual([
    expect.stringContaining('INSERT INTO webhook_deliveries'),
  ]);
  await holder.query('COMMIT');
  expect(await waitForBatch(context.t.app, context.cookie, id)).toMatchObject({
    status: 'done',
    inserted: 2,
  });
  expect((await counts()).leads).toBe(2);
});

it('is marked failed at once when it fails after writing its counts, and keeps nothing', async () => {
  const before = (await counts()).leads;
  const id = await importHeldAtItsEnd(21);
  const [importing] = await lockWaiters();
  await sql`select pg_cancel_backend(${importing?.pid ?? 0})`.execute(context.t.database.db);
  const batch = await waitForBatch(context.t.app, context.cookie, id);
  expect(batch.status).toBe('failed');
  expect(batch.error).toMatch(/^Não foi possível/);
  expect((await counts()).leads).toBe(before);
});
