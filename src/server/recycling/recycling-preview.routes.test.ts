import { describe, expect, it } from 'vitest';
import { type RecyclePreview, recyclePreviewSchema } from '../../core/recycling.ts';
import { testOrigin } from '../testing/test-app.ts';
import { setUpRecyclingTestApp } from './fixtures/recycling-test-app.ts';

const { context, seedRed, recycle, leadsByIds } = setUpRecyclingTestApp();

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

async function preview(cookie = context.adminCookie) {
  return context.t.as(cookie).get('/api/recycling/preview');
}

async function previewed(): Promise<RecyclePreview> {
  const response = await preview();
  expect(response.statusCode, response.body).toBe(200);
  return recyclePreviewSchema.parse(response.json());
}

function patchRules(payload: object) {
  return context.t.as(context.adminCookie).patch('/api/recycling/rules', payload);
}

describe('GET /api/recycling/preview', () => {
  it('answers what a recycle with the default rules then moves: every refusal, old or new', async () => {
    await seedRed(3, context.ana, { status_changed_at: daysAgo(20) });
    await seedRed(2, context.bruno, { status_changed_at: new Date(), recycles: 9 });
    await context.t.seedLeads(2);
    await context.t.seedLeads(1, { status: 'green', owner_id: context.ana.id });
    await context.t.seedLeads(1, { status: 'recycled' });

    expect(await previewed()).toEqual({
      count: 5,
      fromStatus: 'red',
      rules: { minDaysSinceRefusal: 0, maxRecyclesPerLead: null },
    } satisfies RecyclePreview);
    expect((await recycle()).json().updatedAlertCount).toBe(5);
    expect((await previewed()).count).toBe(0);
    expect((await recycle()).json().updatedAlertCount).toBe(0);
  });

  it('counts with the minimum wait and the limit the recycle applies, refusals of every age', async () => {
    const old = await seedRed(4, context.ana, { status_changed_at: daysAgo(30) });
    const justOld = await seedRed(2, context.ana, { status_changed_at: daysAgo(7.01) });
    const justRecent = await seedRed(3, context.bruno, { status_changed_at: daysAgo(6.99) });
    const recent = await seedRed(1, context.bruno, { status_changed_at: daysAgo(1) });
    const worn = await seedRed(2, context.bruno, { status_changed_at: daysAgo(40), recycles: 3 });

    expect((await patchRules({ minDaysSinceRefusal: 7 })).statusCode).toBe(200);
    const withWait = await previewed();
    expect(withWait).toEqual({
      count: old.length + justOld.length + worn.length,
      fromStatus: 'red',
      rules: { minDaysSinceRefusal: 7, maxRecyclesPerLead: null },
    });

    expect((await patchRules({ maxRecyclesPerLead: 3 })).statusCode).toBe(200);
    const withLimit = await previewed();
    expect(withLimit.count).toBe(old.length + justOld.length);
    expect(withLimit.rules).toEqual({ minDaysSinceRefusal: 7, maxRecyclesPerLead: 3 });

    expect((await recycle()).json().updatedAlertCount).toBe(withLimit.count);
    const leads = await leadsByIds([...old, ...justOld, ...justRecent, ...recent, ...worn]);
    for (const id of [...old, ...justOld]) expect(leads.get(id)?.status).toBe('recycled');
    for (const id of [...justRecent, ...recent, ...worn]) expect(leads.get(id)?.status).toBe('red');

    // What is left waits for its time; without a minimum every refusal but the worn goes.
    expect((await previewed()).count).toBe(0);
    expect((await patchRules({ minDaysSinceRefusal: 0 })).statusCode).toBe(200);
    const noWait = await previewed();
    expect(noWait.count).toBe(justRecent.length + recent.length);
    expect((await recycle()).json().updatedAlertCount).toBe(noWait.count);
  });

  it('is for admins only and changes nothing', async () => {
    const ids = await seedRed(2, context.ana);
    const asAssessor = await preview(context.ana.cookie);
    expect(asAssessor.statusCode).toBe(403);
    expect(asAssessor.json().error.code).toBe('FORBIDDEN');
    const signedOut = await context.t.app.inject({
      method: 'GET',
      url: '/api/recycling/preview',
      headers: { origin: testOrigin },
    });
    expect(signedOut.statusCode).toBe(401);

    expect((await previewed()).count).toBe(2);
    const leads = await leadsByIds(ids);
    expect([...leads.values()].every((lead) => lead.status === 'red')).toBe(true);
    expect(
      await context.t.database.db.selectFrom('lead_history').select('id').execute(),
    ).toHaveLength(0);
  });
});
