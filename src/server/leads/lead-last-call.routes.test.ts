import { describe, expect, it } from 'vitest';
import { setUpLeadTestApp } from './fixtures/lead-test-app.ts';

const { context, seedBatch, seedLead } = setUpLeadTestApp();

describe('the last call of each lead', () => {
  it('is listed with its time and outcome, null for a lead never called', async () => {
    const batch = await seedBatch();
    const called = await seedLead({
      batch_id: batch,
      status: 'red',
      owner_id: context.assessor.id,
      attempts: 2,
    });
    const never = await seedLead({ batch_id: batch });
    await context.t.database.db
      .insertInto('lead_attempts')
      .values([
        {
          lead_id: called,
          assessor_id: context.assessor.id,
          outcome: 'no_answer',
          channel: 'phone',
          created_at: new Date('2026-03-01T12:00:00Z'),
        },
        {
          lead_id: called,
          assessor_id: context.assessor.id,
          outcome: 'red',
          channel: 'phone',
          created_at: new Date('2026-03-02T13:30:00Z'),
        },
      ])
      .execute();

    for (const sort of ['newest', 'name']) {
      const page = await context.t.as(context.admin).get(`/api/leads?batch=${batch}&sort=${sort}`);
      expect(page.statusCode, page.body).toBe(200);
      const byId = new Map(
        (page.json().leads as { id: number }[]).map((lead) => [lead.id, lead] as const),
      );
      expect(byId.get(called)).toMatchObject({
        lastCallAt: '2026-03-02T13:30:00.000Z',
        lastCallOutcome: 'red',
      });
      expect(byId.get(never)).toMatchObject({ lastCallAt: null, lastCallOutcome: null });
    }
    const detail = await context.t.as(context.admin).get(`/api/leads/${called}`);
    expect(detail.json()).toMatchObject({ lastCallOutcome: 'red' });
  });
});
