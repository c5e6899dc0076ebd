import { expect, it } from 'vitest';
import { setUpTestApp } from '../testing/set-up-test-app.ts';

// The figures the daily-distribution page shows per assessor, which decide what it prefills.
const context = setUpTestApp({ assessors: { ana: 'Ana' } });

async function anasDay() {
  const response = await context.t.as(context.admin).get('/api/distributions/overview');
  expect(response.statusCode, response.body).toBe(200);
  const { assessors } = response.json() as { assessors: { id: string }[] };
  return assessors.find((assessor) => assessor.id === context.ana.id);
}

const record = (leadId: number, outcome: string) =>
  context.t.recordCall(context.ana, leadId, outcome);

it('counts what today gave, what was worked and what is left from earlier days, and none shrinks as leads are worked', async () => {
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
  const [olderLead] = await context.t.seedLeads(1, {
    owner_id: context.ana.id,
    status: 'assigned',
    assigned_at: twoDaysAgo,
  });
  await context.t.seedLeads(10);
  const distributed = await context.t
    .as(context.admin)
    .post('/api/distributions', { perAssessor: { [context.ana.id]: 4 } });
  expect(distributed.statusCode, distributed.body).toBe(201);
  expect(await anasDay()).toMatchObject({
    receivedToday: 4,
    workedToday: 0,
    pendingEarlier: 1,
    pending: 5,
  });

  const todays = await context.t.database.db
    .selectFrom('leads')
    .select('id')
    .where('owner_id', '=', context.ana.id)
    .where('id', '!=', olderLead as number)
    .orderBy('id')
    .execute();
  // One number turns out invalid (the lead leaves her list), one does not answer, and the
  // lead from two days ago is accepted.
  expect((await record(todays[0]?.id as number, 'invalid')).statusCode).toBe(201);
  expect((await record(todays[1]?.id as number, 'no_answer')).statusCode).toBe(201);
  expect((await record(olderLead as number, 'green')).statusCode).toBe(201);
  expect(await anasDay()).toMatchObject({
    receivedToday: 4,
    workedToday: 3,
    pendingEarlier: 0,
    pending: 3,
  });
});
