import { describe, expect, it } from 'vitest';
import { defaultContactRules } from '../../core/contact-rules.ts';
import type { Dashboard } from '../../core/dashboard.ts';
import { setUpAttemptTestApp } from './fixtures/attempt-test-app.ts';

/**
 * "Não conhece o titular" (`wrong_person`, src/core/outcomes.ts): the number works but is
 * someone else's. It marks the number "Não pertence" (`not_owner`), which is never dialled
 * again for the lead; the lead stays with its other numbers, and closes on its last one.
 */
const { context, seedLead, record, myLeads, snapshot, leadWithThreeNumbers, leadAndNumbers } =
  setUpAttemptTestApp();

const inList = async (leadId: number) =>
  (await myLeads(context.ana)).leads.some((item) => item.id === leadId);

async function dashboard(): Promise<Dashboard> {
  const response = await context.t.as(context.admin).get('/api/dashboard');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('"Não conhece o titular"', () => {
  it('closes a lead with one number: out of the list, not blocked, and found by its status', async () => {
    const leadId = await seedLead(context.ana);
    const response = await record(context.ana, leadId, { outcome: 'wrong_person' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().lead).toMatchObject({ status: 'wrong_person', attempts: 1 });
    expect(await leadAndNumbers(leadId)).toMatchObject({
      status: 'wrong_person',
      owner_id: null,
      last_owner_id: context.ana.id,
    });
    expect(await inList(leadId)).toBe(false);
    // Someone else's number is not a refusal to be called: it goes on no block list.
    const after = await snapshot(leadId);
    expect(after.blocked).toEqual([]);
    const history = await context.t.database.db
      .selectFrom('lead_history')
      .select('reason')
      .where('lead_id', '=', leadId)
      .executeTakeFirstOrThrow();
    expect(history.reason).toBe('Ligação: Não conhece o titular');

    const leads = await context.t.as(context.admin).get('/api/leads?status=wrong_person');
    expect(leads.statusCode, leads.body).toBe(200);
    expect(leads.json().leads.map((item: { id: number }) => item.id)).toContain(leadId);
    const calls = await context.t.as(context.admin).get('/api/attempts?outcome=wrong_person');
    expect(calls.statusCode, calls.body).toBe(200);
    expect(calls.json().attempts.map((call: { leadId: number }) => call.leadId)).toContain(leadId);
  });

  it('marks only the number dialled "Não pertence" on a lead with several, never dialled again, and closes the lead on its last one', async () => {
    const { leadId, phones } = await leadWithThreeNumbers();
    const first = await record(context.ana, leadId, { outcome: 'wrong_person', phone: phones[1] });
    expect(first.statusCode, first.body).toBe(201);
    expect(await leadAndNumbers(leadId)).toMatchObject({
      status: 'assigned',
      owner_id: context.ana.id,
      attempts: 1,
      states: ['valid', 'not_owner', 'valid'],
    });
    expect(await inList(leadId)).toBe(true);
    const listed = (await myLeads(context.ana)).leads.find((item) => item.id === leadId);
    expect(listed?.phones[1]).toMatchObject({ phone: phones[1], state: 'not_owner' });

    const again = await record(context.ana, leadId, { outcome: 'green', phone: phones[1] });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.message).toContain('"Não pertence"');

    // The other numbers: one dead, the last someone else's; the lead closes with the last.
    const second = await record(context.ana, leadId, { outcome: 'invalid', phone: phones[0] });
    expect(second.statusCode, second.body).toBe(201);
    expect(await leadAndNumbers(leadId)).toMatchObject({
      status: 'assigned',
      owner_id: context.ana.id,
    });
    const last = await record(context.ana, leadId, { outcome: 'wrong_person', phone: phones[2] });
    expect(last.statusCode, last.body).toBe(201);
    expect(await leadAndNumbers(leadId)).toMatchObject({
      status: 'wrong_person',
      owner_id: null,
      attempts: 3,
      states: ['invalid', 'not_owner', 'not_owner'],
    });
    expect(await inList(leadId)).toBe(false);
  });

  it('gives the number back on "Desfazer"', async () => {
    const { leadId, phones } = await leadWithThreeNumbers();
    const call = await record(context.ana, leadId, { outcome: 'wrong_person', phone: phones[2] });
    expect(call.statusCode, call.body).toBe(201);
    const undone = await context.t
      .as(context.ana)
      .post(`/api/attempts/${call.json().attempt.id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await leadAndNumbers(leadId)).toMatchObject({
      status: 'assigned',
      attempts: 0,
      states: ['valid', 'valid', 'valid'],
    });
  });

  it('counts towards the calls a lead may get in a day', async () => {
    const rules = { ...defaultContactRules, caps: { perDay: 2, perWeek: 10 } };
    const saved = await context.t.as(context.admin).put('/api/contact-rules', rules);
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const { leadId, phones } = await leadWithThreeNumbers();
      const calls = [
        await record(context.ana, leadId, { outcome: 'wrong_person', phone: phones[0] }),
        await record(context.ana, leadId, { outcome: 'no_answer', phone: phones[1] }),
      ];
      expect(calls.map((call) => call.statusCode)).toEqual([201, 201]);
      const third = await record(context.ana, leadId, { outcome: 'green', phone: phones[2] });
      expect(third.statusCode, third.body).toBe(409);
      expect(third.json().error.message).toContain('2 ligações hoje');
    } finally {
      await context.t.as(context.admin).put('/api/contact-rules', defaultContactRules);
    }
  });

  it('is counted by the dashboard and by the assessor’s day', async () => {
    const before = await dashboard();
    const dayBefore = (await myLeads(context.ana)).today;
    const leadId = await seedLead(context.ana, { assigned_at: new Date() });
    expect((await record(context.ana, leadId, { outcome: 'wrong_person' })).statusCode).toBe(201);

    const after = await dashboard();
    expect(after.statusCounts.wrong_person).toBe(before.statusCounts.wrong_person + 1);
    const today = (figures: Dashboard) => figures.attemptsByDay.at(-1);
    expect(today(after)?.wrong_person).toBe((today(before)?.wrong_person ?? 0) + 1);
    expect(after.todayTotals.attended).toBe(before.todayTotals.attended + 1);
    expect(after.todayTotals.accepted).toBe(before.todayTotals.accepted);
    // Someone picked up: a worked and answered lead of the day, though it left the list.
    const day = (await myLeads(context.ana)).today;
    expect(day).toEqual({
      received: dayBefore.received + 1,
      worked: dayBefore.worked + 1,
      answered: dayBefore.answered + 1,
      calls: dayBefore.calls + 1,
      contacts: dayBefore.contacts + 1,
      accepts: dayBefore.accepts,
      timeZone: dayBefore.timeZone,
    });
  });
});
