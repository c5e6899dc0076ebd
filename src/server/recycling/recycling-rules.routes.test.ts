import { describe, expect, it } from 'vitest';
import { setUpRecyclingTestApp } from './fixtures/recycling-test-app.ts';

const { context, seedRed, recycle, leadsByIds } = setUpRecyclingTestApp();

function patchRules(payload: unknown, cookie = context.adminCookie) {
  return context.t.as(cookie).patch('/api/recycling/rules', payload as object);
}

describe('the recycling rules', () => {
  it('default to the seed: every red lead, however recent and however often recycled', async () => {
    const rules = await context.t.as(context.adminCookie).get('/api/recycling/rules');
    expect(rules.statusCode).toBe(200);
    expect(rules.json()).toEqual({ minDaysSinceRefusal: 0, maxRecyclesPerLead: null });
    await seedRed(2, context.ana, { recycles: 40 });
    expect((await recycle()).json().updatedAlertCount).toBe(2);
  });

  it('keep recent refusals and leads recycled too often red', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const old = await seedRed(2, context.ana, { status_changed_at: daysAgo(10) });
    const recent = await seedRed(3, context.ana, { status_changed_at: daysAgo(2) });
    const worn = await seedRed(1, context.bruno, { status_changed_at: daysAgo(30), recycles: 3 });
    const almostWorn = await seedRed(1, context.bruno, {
      status_changed_at: daysAgo(30),
      recycles: 2,
    });

    const changed = await patchRules({ minDaysSinceRefusal: 7, maxRecyclesPerLead: 3 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ minDaysSinceRefusal: 7, maxRecyclesPerLead: 3 });
    const read = await context.t.as(context.adminCookie).get('/api/recycling/rules');
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
    const forbidden = await patchRules({ minDaysSinceRefusal: 1 }, context.ana.cookie);
    expect(forbidden.statusCode).toBe(403);
    const readByAssessor = await context.t.as(context.ana).get('/api/recycling/rules');
    expect(readByAssessor.statusCode).toBe(403);
    const crossSite = await context.t.app.inject({
      method: 'PATCH',
      url: '/api/recycling/rules',
      headers: { origin: 'https://mal.example', cookie: context.adminCookie },
      payload: { minDaysSinceRefusal: 1 },
    });
    expect(crossSite.statusCode).toBe(403);

    const read = await context.t.as(context.adminCookie).get('/api/recycling/rules');
    expect(read.json()).toEqual({ minDaysSinceRefusal: 5, maxRecyclesPerLead: 2 });
  });
});
