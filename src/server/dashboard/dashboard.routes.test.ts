import { type Insertable, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../core/dashboard.ts';
import { buildApp } from '../app.ts';
import { InvalidEnvError, readEnv } from '../config/env.ts';
import type { LeadAttemptsTable } from '../db/schema.ts';
import { postForm, utf8Csv, waitForBatch } from '../imports/fixtures/import-fixtures.ts';
import { type ImportWorker, startImportWorker } from '../imports/import.worker.ts';
import {
  createTestApp,
  type TestApp,
  type TestUser,
  testAuthSecret,
  testEnv,
  testOrigin,
} from '../testing/test-app.ts';

/** The app's clock: real time unless a test sets the day it is. */
let clock: number | undefined;
let t: TestApp;
let worker: ImportWorker;
let adminCookie: string;
let adminId: string;
let ana: TestUser;
let bruno: TestUser;
let carla: TestUser;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock ?? Date.now() });
  worker = startImportWorker({ database: t.database, dataDir: testEnv.dataDir, pollMs: 50 });
  adminCookie = await t.signInAsAdmin();
  adminId = (await t.app.inject({ url: '/api/me', headers: { cookie: adminCookie } })).json().id;
  ana = await t.createSignedInUser('assessor', 'Ana');
  bruno = await t.createSignedInUser('assessor', 'Bruno');
  carla = await t.createSignedInUser('assessor', 'Carla');
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

beforeEach(async () => {
  clock = undefined;
  await t.database.db.deleteFrom('distributions').execute();
  await t.database.db.deleteFrom('lead_attempts').execute();
  await t.database.db.deleteFrom('leads').execute();
  await t.database.db.updateTable('users').set({ active: true }).execute();
});

async function seedAttempts(rows: Omit<Insertable<LeadAttemptsTable>, 'channel'>[]) {
  await t.database.db
    .insertInto('lead_attempts')
    .values(rows.map((row) => ({ channel: 'phone' as const, ...row })))
    .execute();
}

async function seedDistribution(createdAt: string, shares: [string, number][]) {
  const assigned = shares.reduce((sum, [, count]) => sum + count, 0);
  const distribution = await t.database.db
    .insertInto('distributions')
    .values({
      created_by: adminId,
      created_at: new Date(createdAt),
      request: {},
      requested: assigned,
      assigned,
      result: {},
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('distribution_shares')
    .values(
      shares.map(([assessorId, count]) => ({
        distribution_id: distribution.id,
        assessor_id: assessorId,
        requested: count,
        assigned: count,
        recycled: 0,
      })),
    )
    .execute();
}

async function readDashboard(cookie = adminCookie) {
  const response = await t.app.inject({ url: '/api/dashboard', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Dashboard;
}

const post = (url: string, cookie: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: { origin: testOrigin, cookie }, payload });

/** The summaries against plain counts of the tables they summarise. */
async function expectSummariesExact() {
  const db = t.database.db;
  const statusSummary = await sql<{ status: string; count: number }>`
    select status, sum(delta)::bigint as count from lead_status_count_deltas
    group by status having sum(delta) <> 0 order by status
  `.execute(db);
  const statusTruth = await sql<{ status: string; count: number }>`
    select status, count(*)::bigint as count from leads group by status order by status
  `.execute(db);
  expect(statusSummary.rows).toEqual(statusTruth.rows);

  const dailySummary = await sql<{ key: string; count: number }>`
    select day || ' ' || assessor_id || ' ' || outcome as key, sum(attempts)::bigint as count
    from attempt_daily_count_deltas group by 1 having sum(attempts) <> 0 order by key
  `.execute(db);
  const dailyTruth = await sql<{ key: string; count: number }>`
    select (created_at at time zone 'America/Sao_Paulo')::date || ' ' || assessor_id || ' ' ||
      outcome as key, count(*)::bigint as count
    from lead_attempts group by 1 order by key
  `.execute(db);
  expect(dailySummary.rows).toEqual(dailyTruth.rows);

  const totalsSummary = await sql<{ key: string; count: number }>`
    select day || ' ' || outcome as key, sum(attempts)::bigint as count
    from attempt_daily_total_deltas group by day, outcome having sum(attempts) <> 0 order by key
  `.execute(db);
  const totalsTruth = await sql<{ key: string; count: number }>`
    select (created_at at time zone 'America/Sao_Paulo')::date || ' ' || outcome as key,
      count(*)::bigint as count
    from lead_attempts group by 1 order by key
  `.execute(db);
  expect(totalsSummary.rows).toEqual(totalsTruth.rows);
}

describe('GET /api/dashboard', () => {
  it('is for admins: 401 signed out, 403 for an assessor', async () => {
    expect((await t.app.inject({ url: '/api/dashboard' })).statusCode).toBe(401);
    const forbidden = await t.app.inject({
      url: '/api/dashboard',
      headers: { cookie: ana.cookie },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const operation = document.paths['/api/dashboard'].get;
    expect(operation.security).toEqual([{ sessionCookie: ['admin'] }]);
    expect(operation.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'attemptsByDay',
    );
  });

  it('counts a fresh team as empty, with 30 days of zeros', async () => {
    await t.database.db
      .updateTable('users')
      .set({ active: false })
      .where('role', '=', 'assessor')
      .execute();
    const dashboard = await readDashboard();
    expect(dashboard.totalLeads).toBe(0);
    expect(dashboard.activeAssessors).toBe(0);
    expect(dashboard.assessors).toEqual([]);
    expect(dashboard.attemptsByDay).toHaveLength(30);
    expect(dashboard.attemptsByDay.every((day) => day.total === 0)).toBe(true);
    expect(dashboard.todayTotals).toEqual({
      distributed: 0,
      attended: 0,
      accepted: 0,
      conversionRate: null,
    });
  });

  it('gives the hand-counted figures, with days cut at midnight in São Paulo', async () => {
    // Noon of 10/03/2026 in São Paulo (UTC−3): today runs from 03:00Z to 03:00Z next day.
    clock = Date.parse('2026-03-10T15:00:00Z');
    await t.database.db
      .updateTable('users')
      .set({ active: false })
      .where('id', '=', carla.id)
      .execute();

    await t.seedLeads(3);
    await t.seedLeads(2, { status: 'recycled', last_owner_id: ana.id });
    const [anaLead] = await t.seedLeads(2, { status: 'assigned', owner_id: ana.id });
    await t.seedLeads(1, { status: 'green', owner_id: ana.id });
    const [brunoLead] = await t.seedLeads(1, { status: 'red', owner_id: bruno.id });
    await t.seedLeads(1, { status: 'invalid' });
    const a = anaLead as number;
    const b = brunoLead as number;
    await seedAttempts([
      // 09/03 23:30 in São Paulo: yesterday, though it is already the 10th in UTC.
      {
        lead_id: a,
        assessor_id: ana.id,
        outcome: 'green',
        created_at: new Date('2026-03-10T02:30:00Z'),
      },
      // 10/03 00:30: today.
      {
        lead_id: a,
        assessor_id: ana.id,
        outcome: 'green',
        created_at: new Date('2026-03-10T03:30:00Z'),
      },
      {
        lead_id: a,
        assessor_id: ana.id,
        outcome: 'red',
        created_at: new Date('2026-03-10T14:00:00Z'),
      },
      // 10/03 23:59: still today, though the 11th in UTC.
      {
        lead_id: a,
        assessor_id: ana.id,
        outcome: 'no_answer',
        created_at: new Date('2026-03-11T02:59:00Z'),
      },
      // 11/03 00:00: tomorrow, outside the chart.
      {
        lead_id: a,
        assessor_id: ana.id,
        outcome: 'green',
        created_at: new Date('2026-03-11T03:00:00Z'),
      },
      {
        lead_id: b,
        assessor_id: bruno.id,
        outcome: 'yellow',
        created_at: new Date('2026-03-10T12:00:00Z'),
      },
      // 09/02: the first day of the 30; 08/02 is one too old.
      {
        lead_id: b,
        assessor_id: bruno.id,
        outcome: 'green',
        created_at: new Date('2026-02-09T03:00:00Z'),
      },
      {
        lead_id: b,
        assessor_id: bruno.id,
        outcome: 'red',
        created_at: new Date('2026-02-09T02:59:00Z'),
      },
    ]);
    // 09/03 23:00 in São Paulo (yesterday), then 10/03 00:10 (today).
    await seedDistribution('2026-03-10T02:00:00Z', [[ana.id, 5]]);
    await seedDistribution('2026-03-10T03:10:00Z', [
      [ana.id, 2],
      [bruno.id, 3],
    ]);

    const dashboard = await readDashboard();
    expect(dashboard.today).toBe('2026-03-10');
    expect(dashboard.timeZone).toBe('America/Sao_Paulo');
    expect(dashboard.statusCounts).toEqual({
      new: 3,
      assigned: 2,
      green: 1,
      yellow: 0,
      red: 1,
      no_answer: 0,
      invalid: 1,
      do_not_call: 0,
      recycled: 2,
    });
    expect(dashboard.totalLeads).toBe(10);
    expect(dashboard.pool).toEqual({ new: 3, recycled: 2, total: 5 });
    expect(dashboard.todayTotals).toEqual({
      distributed: 5,
      attended: 4,
      accepted: 1,
      conversionRate: 0.25,
    });

    const days = dashboard.attemptsByDay;
    expect(days).toHaveLength(30);
    expect(days[0]?.day).toBe('2026-02-09');
    expect(days[29]?.day).toBe('2026-03-10');
    const byDay = new Map(days.map((day) => [day.day, day]));
    expect(byDay.get('2026-02-09')).toMatchObject({ green: 1, red: 0, total: 1 });
    expect(byDay.get('2026-03-09')).toMatchObject({ green: 1, total: 1 });
    expect(byDay.get('2026-03-10')).toEqual({
      day: '2026-03-10',
      green: 1,
      yellow: 1,
      red: 1,
      no_answer: 1,
      invalid: 0,
      do_not_call: 0,
      total: 4,
    });
    expect(days.reduce((sum, day) => sum + day.total, 0)).toBe(6);

    expect(dashboard.activeAssessors).toBe(2);
    expect(dashboard.assessors).toEqual([
      {
        id: ana.id,
        name: 'Ana',
        active: true,
        dailyQuota: 100,
        distributedToday: 2,
        attendedToday: 3,
        acceptedToday: 1,
        conversionRate: 1 / 3,
        lastActivityAt: '2026-03-11T03:00:00.000Z',
      },
      {
        id: bruno.id,
        name: 'Bruno',
        active: true,
        dailyQuota: 100,
        distributedToday: 3,
        attendedToday: 1,
        acceptedToday: 0,
        conversionRate: 0,
        lastActivityAt: '2026-03-10T12:00:00.000Z',
      },
    ]);

    // A minute before midnight the day is still the 10th; at midnight it is the 11th.
    clock = Date.parse('2026-03-11T02:59:00Z');
    expect((await readDashboard()).today).toBe('2026-03-10');
    clock = Date.parse('2026-03-11T03:00:00Z');
    const tomorrow = await readDashboard();
    expect(tomorrow.today).toBe('2026-03-11');
    expect(tomorrow.attemptsByDay[0]?.day).toBe('2026-02-10');
    expect(tomorrow.todayTotals).toEqual({
      distributed: 0,
      attended: 1,
      accepted: 1,
      conversionRate: 1,
    });
    await expectSummariesExact();
  });

  it('counts days again in another zone when TIME_ZONE changes', async () => {
    const [lead] = await t.seedLeads(1, { status: 'assigned', owner_id: ana.id });
    await seedAttempts([
      {
        lead_id: lead as number,
        assessor_id: ana.id,
        outcome: 'green',
        created_at: new Date('2026-03-10T02:30:00Z'),
      },
    ]);
    const inZone = async (timeZone: string) => {
      const app = await buildApp({
        env: { ...testEnv, timeZone },
        database: t.database,
        mailer: { send: async () => {} },
        authSecret: testAuthSecret,
        now: () => Date.parse('2026-03-10T15:00:00Z'),
      });
      const response = await app.inject({
        url: '/api/dashboard',
        headers: { cookie: adminCookie },
      });
      await app.close();
      return response.json() as Dashboard;
    };
    const utc = await inZone('UTC');
    expect(utc.timeZone).toBe('UTC');
    expect(utc.todayTotals.attended).toBe(1);
    expect(utc.attemptsByDay.at(-1)).toMatchObject({ day: '2026-03-10', green: 1 });
    // Back to São Paulo, where that call was on the 9th.
    const saoPaulo = await inZone('America/Sao_Paulo');
    expect(saoPaulo.todayTotals.attended).toBe(0);
    expect(saoPaulo.attemptsByDay.at(-2)).toMatchObject({ day: '2026-03-09', green: 1 });
    await expectSummariesExact();
  });
});

describe('the summaries stay exact', () => {
  it('through imports, distributions, calls, bulk actions, recycling, erasure and undo', async () => {
    const csv = utf8Csv(
      [
        ['nome', 'telefone'],
        ...Array.from({ length: 12 }, (_, index) => [
          `Painel ${index}`,
          `(41) 99876-${String(1000 + index)}`,
        ]),
      ],
      ';',
      false,
    );
    const started = await postForm(t.app, '/api/imports', adminCookie, csv, 'painel.csv');
    expect(started.statusCode, started.body).toBe(202);
    const batch = await waitForBatch(t.app, adminCookie, started.json().id);
    expect(batch.inserted).toBe(12);
    await expectSummariesExact();
    expect((await readDashboard()).pool.new).toBe(12);

    const distributed = await post('/api/distributions', adminCookie, {
      perAssessor: { [ana.id]: 4, [bruno.id]: 3 },
    });
    expect(distributed.statusCode, distributed.body).toBe(201);
    await expectSummariesExact();
    let dashboard = await readDashboard();
    expect(dashboard.todayTotals.distributed).toBe(7);
    expect(dashboard.statusCounts.assigned).toBe(7);

    const anaLeads = await t.database.db
      .selectFrom('leads')
      .select('id')
      .where('owner_id', '=', ana.id)
      .orderBy('id')
      .execute();
    const outcomes = ['green', 'red', 'no_answer', 'red'] as const;
    for (const [index, outcome] of outcomes.entries()) {
      const response = await post(`/api/leads/${anaLeads[index]?.id}/attempts`, ana.cookie, {
        outcome,
        channel: 'phone',
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    await expectSummariesExact();
    dashboard = await readDashboard();
    expect(dashboard.todayTotals).toMatchObject({ attended: 4, accepted: 1, conversionRate: 0.25 });
    expect(dashboard.assessors.find((row) => row.id === ana.id)).toMatchObject({
      distributedToday: 4,
      attendedToday: 4,
      acceptedToday: 1,
    });

    const recycled = await post('/api/reciclarleadsteste', adminCookie);
    expect(recycled.statusCode, recycled.body).toBe(200);
    await expectSummariesExact();
    expect((await readDashboard()).pool.recycled).toBe(2);

    const brunoLeads = await t.database.db
      .selectFrom('leads')
      .select('id')
      .where('owner_id', '=', bruno.id)
      .orderBy('id')
      .execute();
    const bulk = (ids: number[], operation: object) =>
      post('/api/leads/bulk', adminCookie, { target: { ids }, operation });
    const ids = brunoLeads.map((row) => row.id);
    expect((await bulk(ids.slice(0, 1), { action: 'returnToPool' })).statusCode).toBe(200);
    await expectSummariesExact();
    expect(
      (await bulk(ids.slice(1, 2), { action: 'reassign', assessorId: carla.id })).statusCode,
    ).toBe(200);
    await expectSummariesExact();
    expect((await bulk(ids.slice(2, 3), { action: 'doNotCall' })).statusCode).toBe(200);
    await expectSummariesExact();
    const erased = await bulk([anaLeads[0]?.id as number, anaLeads[1]?.id as number], {
      action: 'erase',
    });
    expect(erased.statusCode, erased.body).toBe(200);
    await expectSummariesExact();

    // A second batch, undone while all of it is still new.
    const second = utf8Csv(
      [
        ['nome', 'telefone'],
        ['Desfeito Um', '(41) 99876-2001'],
        ['Desfeito Dois', '(41) 99876-2002'],
      ],
      ';',
      false,
    );
    const secondStarted = await postForm(t.app, '/api/imports', adminCookie, second, 'undo.csv');
    const secondBatch = await waitForBatch(t.app, adminCookie, secondStarted.json().id);
    await expectSummariesExact();
    const undo = await post(`/api/imports/${secondBatch.id}/undo`, adminCookie);
    expect(undo.statusCode, undo.body).toBe(200);
    await expectSummariesExact();

    // Rows deleted with their leads take their calls with them.
    await t.database.db
      .deleteFrom('leads')
      .where('id', '=', anaLeads[2]?.id as number)
      .execute();
    await expectSummariesExact();

    dashboard = await readDashboard();
    const truth = await t.database.db
      .selectFrom('leads')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('status')
      .execute();
    for (const row of truth) expect(dashboard.statusCounts[row.status]).toBe(Number(row.count));
    expect(dashboard.totalLeads).toBe(truth.reduce((sum, row) => sum + Number(row.count), 0));
  });

  it('folds the deltas into one row per sum without changing the counts', async () => {
    const [called] = await t.seedLeads(1, { status: 'assigned', owner_id: ana.id });
    for (let call = 0; call < 20; call++) {
      await seedAttempts([
        { lead_id: called as number, assessor_id: ana.id, outcome: call % 2 ? 'red' : 'green' },
      ]);
    }
    for (let round = 0; round < 30; round++) {
      const ids = await t.seedLeads(3);
      await t.database.db
        .updateTable('leads')
        .set({ status: 'invalid' })
        .where('id', '=', ids[0] as number)
        .execute();
      await t.database.db
        .deleteFrom('leads')
        .where('id', '=', ids[1] as number)
        .execute();
    }
    const before = await t.database.db
      .selectFrom('lead_status_count_deltas')
      .select((eb) => eb.fn.countAll<number>().as('rows'))
      .executeTakeFirstOrThrow();
    expect(Number(before.rows)).toBeGreaterThan(9);
    // Past the threshold, a read compacts.
    await t.database.db
      .insertInto('lead_status_count_deltas')
      .values(Array.from({ length: 300 }, () => ({ status: 'new' as const, delta: 0 })))
      .execute();
    const dashboard = await readDashboard();
    expect(dashboard.statusCounts).toMatchObject({ new: 30, invalid: 30 });
    const after = await t.database.db
      .selectFrom('lead_status_count_deltas')
      .select((eb) => eb.fn.countAll<number>().as('rows'))
      .executeTakeFirstOrThrow();
    expect(Number(after.rows)).toBeLessThanOrEqual(9);
    const dayRows = await t.database.db
      .selectFrom('attempt_daily_total_deltas')
      .select((eb) => eb.fn.countAll<number>().as('rows'))
      .executeTakeFirstOrThrow();
    expect(Number(dayRows.rows)).toBe(2);
    // Ana's 20 calls of today: one row per outcome. Days before yesterday are left as they are.
    const assessorDayRows = await t.database.db
      .selectFrom('attempt_daily_count_deltas')
      .select(['outcome', (eb) => eb.fn.countAll<number>().as('rows')])
      .where('assessor_id', '=', ana.id)
      .where('day', '=', sql<string>`(now() at time zone 'America/Sao_Paulo')::date`)
      .groupBy(['day', 'outcome'])
      .orderBy('outcome')
      .execute();
    expect(assessorDayRows.map((row) => [row.outcome, Number(row.rows)])).toEqual([
      ['green', 1],
      ['red', 1],
    ]);
    const again = await readDashboard();
    expect(again.statusCounts).toMatchObject({ new: 30, invalid: 30 });
    expect(again.todayTotals).toMatchObject({ attended: 20, accepted: 10, conversionRate: 0.5 });
    await expectSummariesExact();
  });
});

describe('concurrent writes', () => {
  it('a transaction holding changed leads does not hold up the calls of others', async () => {
    const [held, called] = await t.seedLeads(2, {
      status: 'assigned',
      owner_id: ana.id,
      assigned_at: new Date(),
    });
    const client = await t.database.pool.connect();
    try {
      // Like a 50 000-lead distribution still running: its lead changes are not committed.
      await client.query('begin');
      await client.query(`update leads set status = 'new', owner_id = null where id = $1`, [held]);
      const timeout = new Promise<'blocked'>((resolve) =>
        setTimeout(() => resolve('blocked'), 5000),
      );
      const response = await Promise.race([
        post(`/api/leads/${called}/attempts`, ana.cookie, { outcome: 'green', channel: 'phone' }),
        timeout,
      ]);
      expect(response === 'blocked' ? response : response.statusCode).toBe(201);
      await client.query('commit');
    } finally {
      await client.query('rollback').catch(() => {});
      client.release();
    }
    await expectSummariesExact();
    expect((await readDashboard()).statusCounts).toMatchObject({ new: 1, green: 1, assigned: 0 });
  });

  it('a call not yet committed does not hold up the same assessor’s next call', async () => {
    const [first, second] = await t.seedLeads(2, {
      status: 'assigned',
      owner_id: ana.id,
      assigned_at: new Date(),
    });
    const client = await t.database.pool.connect();
    try {
      // The same assessor, day and outcome: the counters of both calls are the same figure.
      await client.query('begin');
      await client.query(
        `insert into lead_attempts (lead_id, assessor_id, outcome, channel)
         values ($1, $2, 'no_answer', 'phone')`,
        [first, ana.id],
      );
      const timeout = new Promise<'blocked'>((resolve) =>
        setTimeout(() => resolve('blocked'), 5000),
      );
      const response = await Promise.race([
        post(`/api/leads/${second}/attempts`, ana.cookie, {
          outcome: 'no_answer',
          channel: 'phone',
        }),
        timeout,
      ]);
      expect(response === 'blocked' ? response : response.statusCode).toBe(201);
      await client.query('commit');
    } finally {
      await client.query('rollback').catch(() => {});
      client.release();
    }
    await expectSummariesExact();
  });
});

describe('TIME_ZONE', () => {
  it('defaults to São Paulo and refuses a zone that does not exist', () => {
    expect(readEnv({}).timeZone).toBe('America/Sao_Paulo');
    expect(readEnv({ TIME_ZONE: 'America/Manaus' }).timeZone).toBe('America/Manaus');
    expect(() => readEnv({ TIME_ZONE: 'Marte/Base_Alfa' })).toThrow(InvalidEnvError);
    expect(() => readEnv({ TIME_ZONE: 'Marte/Base_Alfa' })).toThrow(/TIME_ZONE/);
  });
});
