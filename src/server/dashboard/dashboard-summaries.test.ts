import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { postForm, utf8Csv, waitForBatch } from '../imports/fixtures/import-fixtures.ts';
import { createDashboardRepository } from './dashboard.repository.ts';
import { setUpDashboardTestApp } from './fixtures/dashboard-test-app.ts';

const { context, seedAttempts, readDashboard, post, expectSummariesExact } =
  setUpDashboardTestApp();

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
    const started = await postForm(
      context.t.app,
      '/api/imports',
      context.adminCookie,
      csv,
      'painel.csv',
    );
    expect(started.statusCode, started.body).toBe(202);
    const batch = await waitForBatch(context.t.app, context.adminCookie, started.json().id);
    expect(batch.inserted).toBe(12);
    await expectSummariesExact();
    expect((await readDashboard()).pool.new).toBe(12);

    const distributed = await post('/api/distributions', context.adminCookie, {
      perAssessor: { [context.ana.id]: 4, [context.bruno.id]: 3 },
    });
    expect(distributed.statusCode, distributed.body).toBe(201);
    await expectSummariesExact();
    let dashboard = await readDashboard();
    expect(dashboard.todayTotals.distributed).toBe(7);
    expect(dashboard.statusCounts.assigned).toBe(7);

    const anaLeads = await context.t.database.db
      .selectFrom('leads')
      .select('id')
      .where('owner_id', '=', context.ana.id)
      .orderBy('id')
      .execute();
    const outcomes = ['green', 'red', 'no_answer', 'red'] as const;
    for (const [index, outcome] of outcomes.entries()) {
      const response = await context.t.recordCall(
        context.ana,
        anaLeads[index]?.id as number,
        outcome,
        {
          channel: 'phone',
        },
      );
      expect(response.statusCode, response.body).toBe(201);
    }
    await expectSummariesExact();
    dashboard = await readDashboard();
    // Four calls, three contacts (a "Não atendeu" reached nobody), one aceite.
    expect(dashboard.todayTotals).toMatchObject({
      calls: 4,
      contacts: 3,
      accepted: 1,
      conversionRate: 1 / 3,
    });
    expect(dashboard.assessors.find((row) => row.id === context.ana.id)).toMatchObject({
      distributedToday: 4,
      attendedToday: 4,
      acceptedToday: 1,
    });

    const recycled = await post('/api/reciclarleadsteste', context.adminCookie);
    expect(recycled.statusCode, recycled.body).toBe(200);
    await expectSummariesExact();
    expect((await readDashboard()).pool.recycled).toBe(2);

    const brunoLeads = await context.t.database.db
      .selectFrom('leads')
      .select('id')
      .where('owner_id', '=', context.bruno.id)
      .orderBy('id')
      .execute();
    const bulk = (ids: number[], operation: object) =>
      post('/api/leads/bulk', context.adminCookie, { target: { ids }, operation });
    const ids = brunoLeads.map((row) => row.id);
    expect((await bulk(ids.slice(0, 1), { action: 'returnToPool' })).statusCode).toBe(200);
    await expectSummariesExact();
    expect(
      (await bulk(ids.slice(1, 2), { action: 'reassign', assessorId: context.carla.id }))
        .statusCode,
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
    const secondStarted = await postForm(
      context.t.app,
      '/api/imports',
      context.adminCookie,
      second,
      'undo.csv',
    );
    const secondBatch = await waitForBatch(
      context.t.app,
      context.adminCookie,
      secondStarted.json().id,
    );
    await expectSummariesExact();
    const undo = await post(`/api/imports/${secondBatch.id}/undo`, context.adminCookie);
    expect(undo.statusCode, undo.body).toBe(200);
    await expectSummariesExact();

    // Rows deleted with their leads take their calls with them.
    await context.t.database.db
      .deleteFrom('leads')
      .where('id', '=', anaLeads[2]?.id as number)
      .execute();
    await expectSummariesExact();

    dashboard = await readDashboard();
    const truth = await context.t.database.db
      .selectFrom('leads')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('status')
      .execute();
    for (const row of truth) expect(dashboard.statusCounts[row.status]).toBe(Number(row.count));
    expect(dashboard.totalLeads).toBe(truth.reduce((sum, row) => sum + Number(row.count), 0));
  });

  it('folds the deltas into one row per sum without changing the counts', async () => {
    const [called] = await context.t.seedLeads(1, { status: 'assigned', owner_id: context.ana.id });
    for (let call = 0; call < 20; call++) {
      await seedAttempts([
        {
          lead_id: called as number,
          assessor_id: context.ana.id,
          outcome: call % 2 ? 'red' : 'green',
        },
      ]);
    }
    for (let round = 0; round < 30; round++) {
      const ids = await context.t.seedLeads(3);
      await context.t.database.db
        .updateTable('leads')
        .set({ status: 'invalid' })
        .where('id', '=', ids[0] as number)
        .execute();
      await context.t.database.db
        .deleteFrom('leads')
        .where('id', '=', ids[1] as number)
        .execute();
    }
    const before = await context.t.database.db
      .selectFrom('lead_status_count_deltas')
      .select((eb) => eb.fn.countAll<number>().as('rows'))
      .executeTakeFirstOrThrow();
    expect(Number(before.rows)).toBeGreaterThan(9);
    // Past the threshold, a read compacts.
    await context.t.database.db
      .insertInto('lead_status_count_deltas')
      .values(Array.from({ length: 300 }, () => ({ status: 'new' as const, delta: 0 })))
      .execute();
    const dashboard = await readDashboard();
    expect(dashboard.statusCounts).toMatchObject({ new: 30, invalid: 30 });
    const after = await context.t.database.db
      .selectFrom('lead_status_count_deltas')
      .select((eb) => eb.fn.countAll<number>().as('rows'))
      .executeTakeFirstOrThrow();
    expect(Number(after.rows)).toBeLessThanOrEqual(9);
    const dayRows = await context.t.database.db
      .selectFrom('attempt_daily_total_deltas')
      .select((eb) => eb.fn.countAll<number>().as('rows'))
      .executeTakeFirstOrThrow();
    expect(Number(dayRows.rows)).toBe(2);
    // Ana's 20 calls of today: one row per outcome. Days before yesterday are left as they are.
    const assessorDayRows = await context.t.database.db
      .selectFrom('attempt_daily_count_deltas')
      .select(['outcome', (eb) => eb.fn.countAll<number>().as('rows')])
      .where('assessor_id', '=', context.ana.id)
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

  it('folds again only the sums that changed since, and leaves the others where they are', async () => {
    const db = context.t.database.db;
    const carla = context.carla.id;
    const [lead] = await context.t.seedLeads(1, { status: 'assigned', owner_id: carla });
    const call = (outcome: 'green' | 'red') =>
      seedAttempts([{ lead_id: lead as number, assessor_id: carla, outcome }]);
    for (const outcome of ['green', 'green', 'red'] as const) await call(outcome);
    const dashboard = createDashboardRepository(db);
    const { today } = await dashboard.dayBounds(new Date(), 'America/Sao_Paulo', 1);
    const carlasDay = async () =>
      (
        await sql<{ outcome: string; place: string; attempts: number }>`
          select outcome, ctid::text as place, attempts from attempt_daily_count_deltas
          where assessor_id = ${carla} and day = ${today}::date order by outcome
        `.execute(db)
      ).rows;

    await dashboard.compactDeltas(today);
    const [green, red] = await carlasDay();
    expect([green?.attempts, red?.attempts]).toEqual([2, 1]);
    await call('red');
    await dashboard.compactDeltas(today);
    // Only the sum a call came into since is written again; a busy day's other sums are not.
    const [greenAfter, redAfter] = await carlasDay();
    expect(greenAfter).toEqual(green);
    expect(redAfter?.attempts).toBe(2);
    expect(redAfter?.place).not.toBe(red?.place);
    await expectSummariesExact();
  });
});
