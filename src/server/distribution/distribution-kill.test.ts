import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DistributionResult } from '../../core/distribution.ts';
import { invariantViolations, leadStatusCounts } from '../testing/invariants.ts';
import { type SpawnedServer, serverProcesses } from '../testing/spawn-server.ts';
import {
  holdTableLock,
  waitForBackendBlockedOn,
  waitForBackendGone,
} from '../testing/table-lock.ts';
import { createTestApp, type TestApp, type TestUser, testOrigin } from '../testing/test-app.ts';

// A real server process on the test's database; the test's own app (same database, same
// secret) creates the users, the leads and the session.
let t: TestApp;
let adminCookie: string;
let assessors: TestUser[];
let poolIds: number[];
const servers = serverProcesses(() => t);

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signInAsAdmin();
  assessors = [];
  for (const name of ['Ana', 'Bruno', 'Carla']) {
    assessors.push(await t.createSignedInUser('assessor', name));
  }
  poolIds = await t.seedLeads(200);
});

afterAll(async () => {
  await servers.killAll();
  await t?.close();
});

function distribute(server: SpawnedServer, each: number): Promise<Response> {
  return fetch(`${server.baseUrl}/api/distributions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: testOrigin, cookie: adminCookie },
    body: JSON.stringify({
      perAssessor: Object.fromEntries(assessors.map((assessor) => [assessor.id, each])),
    }),
  });
}

async function assignedLeads() {
  return t.database.db
    .selectFrom('leads')
    .select(['id', 'owner_id as ownerId'])
    .where('status', '=', 'assigned')
    .orderBy('id')
    .execute();
}

it('a server killed with SIGKILL mid-distribution leaves nothing of it; the one answered before is whole', async () => {
  const db = t.database.db;
  const first = await servers.start();

  const answered = await distribute(first, 10);
  expect(answered.status).toBe(201);
  const before = (await answered.json()) as DistributionResult;
  expect(before.assigned).toBe(30);
  const assignedBefore = await assignedLeads();
  const countsBefore = await leadStatusCounts(db);
  expect(countsBefore).toEqual({ assigned: 30, new: 170 });

  // The shares are written after the leads were assigned and their history written: holding
  // their table stops the distribution's transaction between the two.
  const lock = await holdTableLock(t.database.connectionString, 'distribution_shares');
  let killedPid: number | undefined;
  try {
    const stalled = distribute(first, 20).then(
      (response) => response.status,
      () => 'no answer' as const,
    );
    const killed = await waitForBackendBlockedOn(db, 'distribution_shares');
    killedPid = killed.pid;
    expect(killed.query).toMatch(/insert into distribution_shares/i);
    expect(killed.hasWritten).toBe(true);
    expect(killed.lockedTables).toEqual(
      expect.arrayContaining(['distributions', 'leads', 'lead_history']),
    );
    // The 60 oldest leads of the pool are held by the stalled transaction.
    const free = await db.transaction().execute((trx) =>
      sql<{ id: number }>`
        select id from leads where status = 'new' order by id for update skip locked
      `.execute(trx),
    );
    expect(free.rows.map((row) => row.id)).toEqual(poolIds.slice(90));

    first.process.kill('SIGKILL');
    await first.exited;
    expect(await stalled).toBe('no answer');
  } finally {
    await lock.release();
  }
  if (killedPid !== undefined) await waitForBackendGone(db, killedPid);

  const second = await servers.start();
  expect(await leadStatusCounts(db)).toEqual(countsBefore);
  expect(await assignedLeads()).toEqual(assignedBefore);
  const distributions = await db
    .selectFrom('distributions')
    .select(['id', 'assigned', 'result'])
    .execute();
  expect(distributions).toEqual([{ id: before.id, assigned: 30, result: before }]);
  const shares = await db
    .selectFrom('distribution_shares')
    .select(['distribution_id as distributionId', 'assigned'])
    .execute();
  expect(shares).toEqual(assessors.map(() => ({ distributionId: before.id, assigned: 10 })));
  const history = await db
    .selectFrom('lead_history')
    .select(['reason', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('reason')
    .execute();
  expect(history).toEqual([{ reason: `Distribuição #${before.id}`, count: 30 }]);
  expect(await invariantViolations(db)).toEqual([]);

  // The leads the killed transaction held are free again: the next distribution takes them.
  const after = await distribute(second, 20);
  expect(after.status).toBe(201);
  const result = (await after.json()) as DistributionResult;
  expect(result).toMatchObject({ requested: 60, assigned: 60, shortfall: 0 });
  expect(result.id).toBeGreaterThan(before.id);
  expect((await assignedLeads()).map((lead) => lead.id)).toEqual(poolIds.slice(0, 90));
  expect(await leadStatusCounts(db)).toEqual({ assigned: 90, new: 110 });
  expect(await invariantViolations(db)).toEqual([]);
  second.process.kill('SIGTERM');
  await second.exited;
}, 60_000);
