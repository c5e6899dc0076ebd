import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AppEvent, eventChannel } from '../../core/events.ts';
import {
  defaultRecyclingRules,
  type RecycleResult,
  recycleHistoryReason,
} from '../../core/recycling.ts';
import type { LeadsTable } from '../db/schema.ts';
import { createTestApp, type TestApp, type TestUser, testOrigin } from '../testing/test-app.ts';
import { createRecyclingRepository } from './recycling.repository.ts';

let t: TestApp;
let adminCookie: string;
let adminId: string;
let ana: TestUser;
let bruno: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signInAsAdmin();
  adminId = (await t.app.inject({ url: '/api/me', headers: { cookie: adminCookie } })).json().id;
  ana = await t.createSignedInUser('assessor', 'Ana');
  bruno = await t.createSignedInUser('assessor', 'Bruno');
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.database.db.deleteFrom('distributions').execute();
  await t.database.db.deleteFrom('leads').execute();
  // The history is an append-only log: deleting leads does not delete it.
  await t.database.db.deleteFrom('lead_history').execute();
  await t.database.db.deleteFrom('app_settings').where('key', '=', 'recycling_rules').execute();
});

const seedRed = (count: number, owner: TestUser, values: Partial<Insertable<LeadsTable>> = {}) =>
  t.seedLeads(count, { status: 'red', owner_id: owner.id, attempts: 1, ...values });

function recycle(headers: Record<string, string> = { origin: testOrigin, cookie: adminCookie }) {
  return t.app.inject({ method: 'POST', url: '/api/reciclarleadsteste', headers });
}

function patchRules(payload: unknown, cookie = adminCookie) {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/recycling/rules',
    headers: { origin: testOrigin, cookie },
    payload: payload as object,
  });
}

async function leadsByIds(ids: number[]) {
  const rows = await t.database.db
    .selectFrom('leads')
    .select(['id', 'status', 'owner_id', 'last_owner_id', 'recycles', 'assigned_at'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

async function countByStatus(status: string) {
  const row = await t.database.db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', status as never)
    .executeTakeFirstOrThrow();
  return row.count;
}

describe('POST /api/reciclarleadsteste', () => {
  it('moves every red lead to the pool with its history row, and then finds nothing left', async () => {
    const fromAna = await seedRed(3, ana, { assigned_at: new Date() });
    const fromBruno = await seedRed(2, bruno, { recycles: 2, last_owner_id: ana.id });
    const others = [
      ...(await t.seedLeads(2)),
      ...(await t.seedLeads(1, { status: 'green', owner_id: ana.id })),
      ...(await t.seedLeads(1, { status: 'assigned', owner_id: bruno.id })),
      ...(await t.seedLeads(1, { status: 'no_answer', owner_id: bruno.id })),
      ...(await t.seedLeads(1, { status: 'invalid' })),
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
        last_owner_id: ana.id,
        recycles: 1,
        assigned_at: null,
      });
    }
    for (const id of fromBruno) {
      expect(leads.get(id)).toMatchObject({
        status: 'recycled',
        owner_id: null,
        last_owner_id: bruno.id,
        recycles: 3,
      });
    }
    expect(await leadsByIds(others)).toEqual(before);

    const history = await t.database.db
      .selectFrom('lead_history')
      .selectAll()
      .where('lead_id', 'in', [...fromAna, ...fromBruno, ...others])
      .execute();
    expect(history).toHaveLength(5);
    for (const row of history) {
      expect(row).toMatchObject({
        changed_by: adminId,
        from_status: 'red',
        to_status: 'recycled',
        to_owner_id: null,
        reason: recycleHistoryReason,
      });
      expect(row.from_owner_id).toBe(fromAna.includes(row.lead_id) ? ana.id : bruno.id);
    }

    const again = await recycle();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'not', updatedAlertCount: 0 });
    expect(await t.database.db.selectFrom('lead_history').select('id').execute()).toHaveLength(5);
  });

  it('tells open pages, naming the assessors who had the leads, once the recycle commits', async () => {
    await seedRed(2, ana);
    await seedRed(1, bruno);
    const listener = new pg.Client({ connectionString: t.database.connectionString });
    await listener.connect();
    try {
      const events: AppEvent[] = [];
      listener.on('notification', (message) => {
        if (message.payload) events.push(JSON.parse(message.payload) as AppEvent);
      });
      await listener.query(`LISTEN ${eventChannel}`);
      expect((await recycle()).json().updatedAlertCount).toBe(3);
      await expect.poll(() => events.length).toBe(1);
      const [event] = events;
      expect(event?.type).toBe('leads.changed');
      expect(event && 'assessorIds' in event ? [...event.assessorIds].sort() : []).toEqual(
        [ana.id, bruno.id].sort(),
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
    const ids = await seedRed(2, ana);
    const asAssessor = await recycle({ origin: testOrigin, cookie: ana.cookie });
    expect(asAssessor.statusCode).toBe(403);
    expect(asAssessor.json().error.code).toBe('FORBIDDEN');
    const signedOut = await recycle({ origin: testOrigin });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe('UNAUTHENTICATED');
    const crossSite = await recycle({ origin: 'https://mal.example', cookie: adminCookie });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error.code).toBe('CROSS_SITE_REQUEST');
    const crossSiteFetch = await recycle({ 'sec-fetch-site': 'cross-site', cookie: adminCookie });
    expect(crossSiteFetch.statusCode).toBe(403);

    const leads = await leadsByIds(ids);
    expect([...leads.values()].every((lead) => lead.status === 'red')).toBe(true);
    expect(await t.database.db.selectFrom('lead_history').select('id').execute()).toHaveLength(0);
  });

  it('hands a recycled lead to another assessor than the one who had it', async () => {
    const fromAna = await seedRed(3, ana);
    const fromBruno = await seedRed(3, bruno);
    expect((await recycle()).json().updatedAlertCount).toBe(6);
    const distribution = await t.app.inject({
      method: 'POST',
      url: '/api/distributions',
      headers: { origin: testOrigin, cookie: adminCookie },
      payload: { perAssessor: { [ana.id]: 3, [bruno.id]: 3 }, pool: { kind: 'recycled' } },
    });
    expect(distribution.statusCode, distribution.body).toBe(201);
    const leads = await leadsByIds([...fromAna, ...fromBruno]);
    expect(fromAna.every((id) => leads.get(id)?.owner_id === bruno.id)).toBe(true);
    expect(fromBruno.every((id) => leads.get(id)?.owner_id === ana.id)).toBe(true);
    expect([...leads.values()].every((lead) => lead.status === 'assigned')).toBe(true);
  });
});

describe('two recycles at the same moment', () => {
  it('never count a lead twice: the two counts add up to the red leads', async () => {
    const red = 4000;
    await seedRed(red / 2, ana);
    await seedRed(red / 2, bruno);
    const [first, second] = await Promise.all([recycle(), recycle()]);
    expect(first?.statusCode, first?.body).toBe(200);
    expect(second?.statusCode, second?.body).toBe(200);
    const counts = [first?.json().updatedAlertCount, second?.json().updatedAlertCount];
    expect((counts[0] ?? 0) + (counts[1] ?? 0)).toBe(red);
    expect(await countByStatus('recycled')).toBe(red);
    expect(await countByStatus('red')).toBe(0);
    const history = await sql<{ rows: number; leads: number }>`
      select count(*)::int as rows, count(distinct lead_id)::int as leads from lead_history
    `.execute(t.database.db);
    expect(history.rows[0]).toEqual({ rows: red, leads: red });
    const recycledTwice = await t.database.db
      .selectFrom('leads')
      .select('id')
      .where('recycles', '<>', 1)
      .execute();
    expect(recycledTwice).toHaveLength(0);
  });

  it('also without the recycle lock: the row re-check skips what the other one took', async () => {
    const ids = await seedRed(3000, ana);
    const repository = createRecyclingRepository(t.database.db);
    const recycleOnce = (onDone?: () => Promise<void>) =>
      repository.transaction(async (trx) => {
        const outcome = await trx.recycleRed({
          changedBy: adminId,
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
          `.execute(t.database.db);
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

describe('the recycling rules', () => {
  it('default to the seed: every red lead, however recent and however often recycled', async () => {
    const rules = await t.app.inject({
      url: '/api/recycling/rules',
      headers: { cookie: adminCookie },
    });
    expect(rules.statusCode).toBe(200);
    expect(rules.json()).toEqual({ minDaysSinceRefusal: 0, maxRecyclesPerLead: null });
    await seedRed(2, ana, { recycles: 40 });
    expect((await recycle()).json().updatedAlertCount).toBe(2);
  });

  it('keep recent refusals and leads recycled too often red', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const old = await seedRed(2, ana, { status_changed_at: daysAgo(10) });
    const recent = await seedRed(3, ana, { status_changed_at: daysAgo(2) });
    const worn = await seedRed(1, bruno, { status_changed_at: daysAgo(30), recycles: 3 });
    const almostWorn = await seedRed(1, bruno, { status_changed_at: daysAgo(30), recycles: 2 });

    const changed = await patchRules({ minDaysSinceRefusal: 7, maxRecyclesPerLead: 3 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ minDaysSinceRefusal: 7, maxRecyclesPerLead: 3 });
    const read = await t.app.inject({
      url: '/api/recycling/rules',
      headers: { cookie: adminCookie },
    });
    expect(read.json()).toEqual({ minDaysSinceRefusal: 7, maxRecyclesPerLead: 3 });

    const response = await recycle();
    expect(response.json().updatedAlertCount).toBe(3);
    const leads = await leadsByIds([...old, ...recent, ...worn, ...almostWorn]);
    for (const id of [...old, ...almostWorn]) expect(leads.get(id)?.status).toBe('recycled');
    for (const id of [...recent, ...worn]) {
      expect(leads.get(id)).toMatchObject({ status: 'red' });
    }
    expect(leads.get(almostWorn[0] as number)?.recycles).toBe(3);
    expect((await recycle()).json()).toEqual({ message: 'not', updatedAlertCount: 0 });

    // One rule changed, the other kept; back to no limit with null.
    expect((await patchRules({ minDaysSinceRefusal: 0 })).json()).toEqual({
      minDaysSinceRefusal: 0,
      maxRecyclesPerLead: 3,
    });
    expect((await recycle()).json().updatedAlertCount).toBe(3);
    expect((await patchRules({ maxRecyclesPerLead: null })).json()).toEqual({
      minDaysSinceRefusal: 0,
      maxRecyclesPerLead: null,
    });
    expect((await recycle()).json().updatedAlertCount).toBe(1);
  });

  it('refuse bad input in pt-BR and change nothing', async () => {
    await patchRules({ minDaysSinceRefusal: 5, maxRecyclesPerLead: 2 });
    const cases: [unknown, RegExp][] = [
      [{ minDaysSinceRefusal: -1 }, /não pode ser negativo/],
      [{ minDaysSinceRefusal: 1.5 }, /número inteiro de dias/],
      [{ minDaysSinceRefusal: 366 }, /no máximo 365 dias/],
      [{ maxRecyclesPerLead: 0 }, /pelo menos 1/],
      [{ maxRecyclesPerLead: 1001 }, /no máximo 1000/],
      [{ minDaysSinceRefusal: '3' }, /./],
      [{}, /ao menos uma regra/],
      [{ minDaysSinceRefusal: 1, extra: true }, /./],
      [[], /./],
    ];
    for (const [payload, message] of cases) {
      const response = await patchRules(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
      expect(response.json().error.message, JSON.stringify(payload)).toMatch(message);
    }
    const forbidden = await patchRules({ minDaysSinceRefusal: 1 }, ana.cookie);
    expect(forbidden.statusCode).toBe(403);
    const readByAssessor = await t.app.inject({
      url: '/api/recycling/rules',
      headers: { cookie: ana.cookie },
    });
    expect(readByAssessor.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'PATCH',
      url: '/api/recycling/rules',
      headers: { origin: 'https://mal.example', cookie: adminCookie },
      payload: { minDaysSinceRefusal: 1 },
    });
    expect(crossSite.statusCode).toBe(403);

    const read = await t.app.inject({
      url: '/api/recycling/rules',
      headers: { cookie: adminCookie },
    });
    expect(read.json()).toEqual({ minDaysSinceRefusal: 5, maxRecyclesPerLead: 2 });
  });
});
