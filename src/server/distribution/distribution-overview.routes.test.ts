import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';

// The figures the daily-distribution page shows per assessor, which decide what it prefills.
let t: TestApp;
let adminCookie: string;
let ana: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signInAsAdmin();
  ana = await t.createSignedInUser('assessor', 'Ana');
});
afterAll(() => t.close());

async function anasDay() {
  const response = await t.as(adminCookie).get('/api/distributions/overview');
  expect(response.statusCode, response.body).toBe(200);
  const { assessors } = response.json() as { assessors: { id: string }[] };
  return assessors.find((assessor) => assessor.id === ana.id);
}

const record = (leadId: number, outcome: string) => t.recordCall(ana, leadId, outcome);

it('counts what today gave, what was worked and what is left from earlier days, and none shrinks as leads are worked', async () => {
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
  const [olderLead] = await t.seedLeads(1, {
    owner_id: ana.id,
    status: 'assigned',
    assigned_at: twoDaysAgo,
  });
  await t.seedLeads(10);
  const distributed = await t
    .as(adminCookie)
    .post('/api/distributions', { perAssessor: { [ana.id]: 4 } });
  expect(distributed.statusCode, distributed.body).toBe(201);
  expect(await anasDay()).toMatchObject({
    receivedToday: 4,
    workedToday: 0,
    pendingEarlier: 1,
    pending: 5,
  });

  const todays = await t.database.db
    .selectFrom('leads')
    .select('id')
    .where('owner_id', '=', ana.id)
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
