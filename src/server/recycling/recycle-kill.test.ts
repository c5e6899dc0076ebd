import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RecycleResult } from '../../core/recycling.ts';
import { invariantViolations, leadStatusCounts } from '../testing/invariants.ts';
import { type SpawnedServer, serverProcesses } from '../testing/spawn-server.ts';
import {
  holdTableLock,
  waitForBackendBlockedOn,
  waitForBackendGone,
} from '../testing/table-lock.ts';
import { createTestApp, type TestApp, type TestUser, testOrigin } from '../testing/test-app.ts';

// A real server process on the test's database; the test's own app (same database, same
// secret) creates the users, the leads and the sessions. The leads reach `red` the way they
// do in production: distributed, then refused on a call.
let t: TestApp;
let adminCookie: string;
let assessors: TestUser[];
const servers = serverProcesses(() => t);

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signInAsAdmin();
  assessors = [];
  for (const name of ['Ana', 'Bruno']) {
    assessors.push(await t.createSignedInUser('assessor', name));
  }
  await t.seedLeads(40);
});

afterAll(async () => {
  await servers.killAll();
  await t?.close();
});

function post(server: SpawnedServer, path: string, cookie: string, body?: unknown) {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      origin: testOrigin,
      cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Each assessor refuses `count` more of the leads in their list. */
async function refuse(server: SpawnedServer, count: number) {
  for (const assessor of assessors) {
    const leads = await t.database.db
      .selectFrom('leads')
      .select('id')
      .where('owner_id', '=', assessor.id)
      .where('status', '=', 'assigned')
      .orderBy('id')
      .limit(count)
      .execute();
    expect(leads).toHaveLength(count);
    for (const lead of leads) {
      const response = await post(server, `/api/leads/${lead.id}/attempts`, assessor.cookie, {
        outcome: 'red',
      });
      expect(response.status).toBe(201);
    }
  }
}

async function redLeads() {
  return t.database.db
    .selectFrom('leads')
    .select(['id', 'owner_id as ownerId', 'recycles', 'status_changed_at as statusChangedAt'])
    .where('status', '=', 'red')
    .orderBy('id')
    .execute();
}

it('a server killed with SIGKILL mid-recycle leaves nothing of it; the recycle answered before is whole', async () => {
  const db = t.database.db;
  const first = await servers.start();
  const distributed = await post(first, '/api/distributions', adminCookie, { each: 20 });
  expect(distributed.status).toBe(201);

  await refuse(first, 5);
  const recycled = await post(first, '/api/reciclarleadsteste', adminCookie);
  expect(recycled.status).toBe(200);
  expect(((await recycled.json()) as RecycleResult).updatedAlertCount).toBe(10);
  await refuse(first, 5);

  const redBefore = await redLeads();
  expect(redBefore).toHaveLength(10);
  const countsBefore = await leadStatusCounts(db);
  expect(countsBefore).toEqual({ assigned: 20, recycled: 10, red: 10 });
  expect(await invariantViolations(db)).toEqual([]);

  // The dashboard's statement trigger runs when the recycle's UPDATE and its history INSERT
  // are done: holding the counters' table stops the recycle's transaction right there.
  const lock = await holdTableLock(t.database.connectionString, 'lead_status_count_deltas');
  let killedPid: number | undefined;
  try {
    const stalled = post(first, '/api/reciclarleadsteste', adminCookie).then(
      (response) => response.status,
      () => 'no answer' as const,
    );
    const killed = await waitForBackendBlockedOn(db, 'lead_status_count_deltas');
    killedPid = killed.pid;
    expect(killed.query).toMatch(/update leads l set status = 'recycled'/);
    expect(killed.hasWritten).toBe(true);
    expect(killed.lockedTables).toEqual(expect.arrayContaining(['leads', 'lead_history']));
    // Every red lead is held by the stalled recycle's UPDATE.
    const free = await db.transaction().execute((trx) =>
      sql<{
        id: number;
      }>`select id from leads where status = 'red' for update skip locked`.execute(trx),
    );
    expect(free.rows).toEqual([]);

    first.process.kill('SIGKILL');
    await first.exited;
    expect(await stalled).toBe('no answer');
  } finally {
    await lock.release();
  }
  if (killedPid !== undefined) await waitForBackendGone(db, killedPid);

  const second = await servers.start();
  expect(await redLeads()).toEqual(redBefore);
  expect(await leadStatusCounts(db)).toEqual(countsBefore);
  const history = await db
    .selectFrom('lead_history')
    .select(['to_status as toStatus', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('to_status')
    .orderBy('to_status')
    .execute();
  expect(history).toEqual([
    { toStatus: 'assigned', count: 40 },
    { toStatus: 'recycled', count: 10 },
    { toStatus: 'red', count: 20 },
  ]);
  expect(await invariantViolations(db)).toEqual([]);

  const again = await post(second, '/api/reciclarleadsteste', adminCookie);
  expect(again.status).toBe(200);
  expect(((await again.json()) as RecycleResult).updatedAlertCount).toBe(10);
  expect(await leadStatusCounts(db)).toEqual({ assigned: 20, recycled: 20 });
  expect(await invariantViolations(db)).toEqual([]);
  second.process.kill('SIGTERM');
  await second.exited;
}, 60_000);
