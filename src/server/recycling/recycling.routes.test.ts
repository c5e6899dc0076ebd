import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  defaultRecyclingRules,
  type RecycleResult,
  recycleHistoryReason,
} from '../../core/recycling.ts';
import { listenToEvents } from '../testing/event-listener.ts';
import { testOrigin } from '../testing/test-app.ts';
import { setUpRecyclingTestApp } from './fixtures/recycling-test-app.ts';
import { createRecyclingRepository } from './recycling.repository.ts';

const { context, seedRed, recycle, leadsByIds } = setUpRecyclingTestApp();

async function countByStatus(status: string) {
  const row = await context.t.database.db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', status as never)
    .executeTakeFirstOrThrow();
  return row.count;
}

describe('POST /api/reciclarleadsteste', () => {
  it('moves every red lead to the pool with its history row, and then finds nothing left', async () => {
    const fromAna = await seedRed(3, context.ana, { assigned_at: new Date() });
    const fromBruno = await seedRed(2, context.bruno, {
      recycles: 2,
      last_owner_id: context.ana.id,
    });
    const others = [
      ...(await context.t.seedLeads(2)),
      ...(await context.t.seedLeads(1, { status: 'green', owner_id: context.ana.id })),
      ...(await context.t.seedLeads(1, { status: 'assigned', owner_id: context.bruno.id })),
      ...(await context.t.seedLeads(1, { status: 'no_answer', owner_id: context.bruno.id })),
      ...(await context.t.seedLeads(1, { status: 'invalid' })),
    ];
    const before = await leadsByIds(others);

    const response = await recycle();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: 'Foram reciclados 5 leads, que não aceitaram se cadastrar.',
      updatedAlertCount: 5,
    } satisfies RecycleResult);

    const leads = await leadsByIds([...fromAna, ...fromBruno]);
    for (const id of fromAna) {
      expect(leads.get(id)).toMatchObject({
        status: 'recycled',
        owner_id: null,
        last_owner_id: context.ana.id,
        recycles: 1,
        assigned_at: null,
      });
    }
    for (const id of fromBruno) {
      expect(leads.get(id)).toMatchObject({
        status: 'recycled',
        owner_id: null,
        last_owner_id: context.bruno.id,
        recycles: 3,
      });
    }
    expect(await leadsByIds(others)).toEqual(before);

    const history = await context.t.database.db
      .selectFrom('lead_history')
      .selectAll()
      .where('lead_id', 'in', [...fromAna, ...fromBruno, ...others])
      .execute();
    expect(history).toHaveLength(5);
    for (const row of history) {
      expect(row).toMatchObject({
        changed_by: context.adminId,
        from_status: 'red',
        to_status: 'recycled',
        to_owner_id: null,
        reason: recycleHistoryReason,
      });
      expect(row.from_owner_id).toBe(
        fromAna.includes(row.lead_id) ? context.ana.id : context.bruno.id,
      );
    }

    const again = await recycle();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'not', updatedAlertCount: 0 });
    expect(
      await context.t.database.db.selectFrom('lead_history').select('id').execute(),
    ).toHaveLength(5);
  });

  it('tells open pages, naming the assessors who had the leads, once the recycle commits', async () => {
    await seedRed(2, context.ana);
    await seedRed(1, context.bruno);
    // What an earlier test left waiting goes out before this one listens.
    await context.t.events.flush();
    const listener = await listenToEvents(context.t.database.directConnection.connectionString);
    const { events } = listener;
    try {
      expect((await recycle()).json().updatedAlertCount).toBe(3);
      await expect.poll(() => events.length).toBe(1);
      const [event] = events;
      expect(event?.type).toBe('leads.changed');
      expect(event && 'assessorIds' in event ? [...event.assessorIds].sort() : []).toEqual(
        [context.ana.id, context.bruno.id].sort(),
      );
      // Nothing moved, nothing to tell.
      await recycle();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(events).toHaveLength(1);
    } finally {
      await listener.end();
    }
  });

  it('is for admins only, and refuses requests from another site', async () => {
    const ids = await seedRed(2, context.ana);
    const asAssessor = await recycle({ origin: testOrigin, cookie: context.ana.cookie });
    expect(asAssessor.statusCode).toBe(403);
    expect(asAssessor.json().error.code).toBe('FORBIDDEN');
    const signedOut = await recycle({ origin: testOrigin });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe('UNAUTHENTICATED');
    const crossSite = await recycle({ origin: 'https://mal.example', cookie: context.adminCookie });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe('CROSS_SITE_REQUEST');
    const crossSiteFetch = await recycle({
      'sec-fetch-site': 'cross-site',
      cookie: context.adminCookie,
    });
    expect(crossSiteFetch.statusCode).toBe(403);

    const leads = await leadsByIds(ids);
    expect([...leads.values()].every((lead) => lead.status === 'red')).toBe(true);
    expect(
      await context.t.database.db.selectFrom('lead_history').select('id').execute(),
    ).toHaveLength(0);
  });

  it('hands a recycled lead to another assessor than the one who had it', async () => {
    const fromAna = await seedRed(3, context.ana);
    const fromBruno = await seedRed(3, context.bruno);
    expect((await recycle()).json().updatedAlertCount).toBe(6);
    const distribution = await context.t.as(context.adminCookie).post('/api/distributions', {
      perAssessor: { [context.ana.id]: 3, [context.bruno.id]: 3 },
      pool: { kind: 'recycled' },
    });
    expect(distribution.statusCode, distribution.body).toBe(201);
    const leads = await leadsByIds([...fromAna, ...fromBruno]);
    expect(fromAna.every((id) => leads.get(id)?.owner_id === context.bruno.id)).toBe(true);
    expect(fromBruno.every((id) => leads.get(id)?.owner_id === context.ana.id)).toBe(true);
    expect([...leads.values()].every((lead) => lead.status === 'assigned')).toBe(true);
  });
});

describe('two recycles at the same moment', () => {
  it('never count a lead twice: the two counts add up to the red leads', async () => {
    const red = 4000;
    await seedRed(red / 2, context.ana);
    await seedRed(red / 2, context.bruno);
    const [first, second] = await Promise.all([recycle(), recycle()]);
    expect(first?.statusCode, first?.body).toBe(200);
    expect(second?.statusCode, second?.body).toBe(200);
    const counts = [first?.json().updatedAlertCount, second?.json().updatedAlertCount];
    expect((counts[0] ?? 0) + (counts[1] ?? 0)).toBe(red);
    expect(await countByStatus('recycled')).toBe(red);
    expect(await countByStatus('red')).toBe(0);
    const history = await sql<{ rows: number; leads: number }>`
      select count(*)::int as rows, count(distinct lead_id)::int as leads from lead_history
    `.execute(context.t.database.db);
    expect(history.rows[0]).toEqual({ rows: red, leads: red });
    const recycledTwice = await context.t.database.db
      .selectFrom('leads')
      .select('id')
      .where('recycles', '<>', 1)
      .execute();
    expect(recycledTwice).toHaveLength(0);
  });

  it('also without the recycle lock: the row re-check skips what the other one took', async () => {
    const ids = await seedRed(3000, context.ana);
    const repository = createRecyclingRepository(context.t.database.db);
    const recycleOnce = (onDone?: () => Promise<void>) =>
      context.t.database.db.transaction().execute(async (trx) => {
        const outcome = await repository.within(trx).recycleRed({
          changedBy: context.adminId,
          reason: recycleHistoryReason,
          rules: defaultRecyclingRules,
        });
        await onDone?.();
        return outcome.recycled;
      });
    // The first has changed every lead and holds their row locks until the second is
    // waiting on one of them; then it commits.
    let firstUpdated: () => void = () => {};
    const updated = new Promise<void>((resolve) => {
      firstUpdated = resolve;
    });
    let releaseFirst: () => void = () => {};
    const firstHolds = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const first = recycleOnce(() => {
      firstUpdated();
      return firstHolds;
    });
    await updated;
    const second = recycleOnce();
    await expect
      .poll(
        async () => {
          const waiting = await sql<{ count: number }>`
            select count(*)::int as count from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'
          `.execute(context.t.database.db);
          return waiting.rows[0]?.count ?? 0;
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    releaseFirst();
    const counts = await Promise.all([first, second]);
    expect(counts[0] + counts[1]).toBe(ids.length);
    expect(counts).toEqual([ids.length, 0]);
  });
});
