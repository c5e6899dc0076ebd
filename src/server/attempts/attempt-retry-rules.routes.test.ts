import { describe, expect, it } from 'vitest';
import { localTimeIn } from '../../core/brazil-calendar.ts';
import {
  type AfterLastTry,
  type ContactRules,
  defaultContactRules,
} from '../../core/contact-rules.ts';
import type { LeadStatus } from '../../core/lead-status.ts';
import { inHours, setUpAttemptTestApp } from './fixtures/attempt-test-app.ts';

/**
 * The contact rules (issue #21 §2) through the API on the real database: each call is planned
 * from the lead's own calls, the list reads the plan, the caps refuse, and a rule's last try
 * does what the rule says. The planning itself is tested with a fixed clock in
 * src/core/contact-rules.test.ts.
 */
const { context, seedLead, record, myLeads, snapshot } = setUpAttemptTestApp();

async function setRules(rules: ContactRules) {
  const response = await context.t.as(context.admin).put('/api/contact-rules', rules);
  expect(response.statusCode, response.body).toBe(200);
}

const minutesFromNow = (at: string | null) =>
  at === null ? null : Math.round((new Date(at).getTime() - Date.now()) / 60_000);

describe('retry rules per outcome', () => {
  it('"Ocupado" waits its own delay, is kept on the call and sinks to the waiting leads', async () => {
    await setRules(defaultContactRules);
    const ana = context.ana;
    const lead = await seedLead(ana);
    const response = await record(ana, lead, { outcome: 'no_answer', noAnswerKind: 'busy' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().attempt).toMatchObject({ outcome: 'no_answer', noAnswerKind: 'busy' });

    const shown = (await myLeads(ana)).leads.find((item) => item.id === lead);
    expect(shown).toMatchObject({ group: 'waiting', nextCallReason: 'retry' });
    expect(minutesFromNow(shown?.nextCallAt ?? null)).toBe(20);
    const calls = await context.t.as(context.admin).get('/api/attempts');
    expect(calls.json().attempts[0]).toMatchObject({ leadId: lead, noAnswerKind: 'busy' });
    const history = await context.t.database.db
      .selectFrom('lead_history')
      .select('reason')
      .where('lead_id', '=', lead)
      .executeTakeFirstOrThrow();
    expect(history.reason).toBe('Ligação: Ocupado');
  });

  it('refuses "Ocupado" on any outcome but "Não atendeu", in pt-BR, recording nothing', async () => {
    const lead = await seedLead(context.ana);
    const before = await snapshot(lead);
    const response = await record(context.ana, lead, { outcome: 'green', noAnswerKind: 'busy' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(
      '"Ocupado" e "Caixa postal" só valem para "Não atendeu".',
    );
    expect(await snapshot(lead)).toEqual(before);
  });

  const afterLast: [AfterLastTry, LeadStatus][] = [
    ['pool', 'new'],
    ['recycle', 'recycled'],
    ['close', 'exhausted'],
  ];
  for (const [rule, status] of afterLast) {
    it(`the last "Caixa postal" the rule allows leaves the lead ${status}, and can be undone`, async () => {
      await setRules({
        ...defaultContactRules,
        retry: {
          ...defaultContactRules.retry,
          voicemail: { delayMinutes: 30, maxTries: 2, afterLast: rule },
        },
      });
      const ana = context.ana;
      const lead = await seedLead(ana);
      const first = await record(ana, lead, { outcome: 'no_answer', noAnswerKind: 'voicemail' });
      expect(first.json().lead.status).toBe('no_answer');
      const second = await record(ana, lead, { outcome: 'no_answer', noAnswerKind: 'voicemail' });
      expect(second.statusCode, second.body).toBe(201);
      expect(second.json().lead).toMatchObject({ status, attempts: 2 });
      const { lead: after } = await snapshot(lead);
      expect(after).toMatchObject({ status, owner_id: null, last_owner_id: ana.id });
      expect((await myLeads(ana)).leads.map((item) => item.id)).not.toContain(lead);

      const undo = await context.t.as(ana).post(`/api/attempts/${second.json().attempt.id}/undo`);
      expect(undo.statusCode, undo.body).toBe(200);
      const { lead: restored } = await snapshot(lead);
      expect(restored).toMatchObject({ status: 'no_answer', owner_id: ana.id, attempts: 1 });
      expect(restored?.assigned_at).not.toBeNull();
      expect(restored?.next_call_reason).toBe('retry');
    });
  }

  it('counts a rule’s tries only since the lead came to its owner', async () => {
    await setRules({
      ...defaultContactRules,
      retry: {
        ...defaultContactRules.retry,
        no_answer: { delayMinutes: 30, maxTries: 2, afterLast: 'pool' },
      },
    });
    const lead = await seedLead(context.bruno);
    await context.t.database.db
      .insertInto('lead_attempts')
      .values({
        lead_id: lead,
        assessor_id: context.ana.id,
        outcome: 'no_answer',
        channel: 'phone',
        created_at: inHours(-30),
      })
      .execute();
    const response = await record(context.bruno, lead, { outcome: 'no_answer' });
    expect(response.json().lead.status).toBe('no_answer');
  });
});

/**
 * A number whose state's day has two hours or more left: São Paulo's, or from 22:00 there,
 * Acre's (two hours behind). A lead's day is its state's, so its calls and a call-back an hour
 * away must fall before that state's midnight.
 */
function phoneWithTwoHoursLeftToday(): string {
  return localTimeIn('SP', new Date()).minute < 22 * 60 ? '+5511988887777' : '+5568988887777';
}

describe('caps per lead', () => {
  it('the third call of the day waits for tomorrow; a fourth is refused in pt-BR and changes nothing', async () => {
    await setRules(defaultContactRules);
    const bruno = context.bruno;
    // With a São Paulo number from 23:00 there, the call-back an hour away fell on the next
    // day, after the daily cap's wait: the lead waited for the call-back, and this failed.
    const lead = await seedLead(bruno, { phone: phoneWithTwoHoursLeftToday() });
    for (const outcome of ['no_answer', 'no_answer'] as const) {
      expect((await record(bruno, lead, { outcome })).statusCode).toBe(201);
    }
    const third = await record(bruno, lead, {
      outcome: 'yellow',
      callbackAt: inHours(1).toISOString(),
    });
    expect(third.statusCode, third.body).toBe(201);
    const shown = (await myLeads(bruno)).leads.find((item) => item.id === lead);
    expect(shown).toMatchObject({ group: 'waiting', nextCallReason: 'daily_cap' });

    const before = await snapshot(lead);
    const fourth = await record(bruno, lead, { outcome: 'green' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error.message).toBe(
      'Este lead já recebeu 3 ligações hoje, o limite por dia. Ele volta à lista quando puder ser ligado de novo.',
    );
    expect(await snapshot(lead)).toEqual(before);
  });

  it('holds whoever owns the lead: calls by a former owner count', async () => {
    await setRules({ ...defaultContactRules, caps: { perDay: 2, perWeek: 10 } });
    const lead = await seedLead(context.bruno);
    await context.t.database.db
      .insertInto('lead_attempts')
      .values(
        [1, 2].map(() => ({
          lead_id: lead,
          assessor_id: context.ana.id,
          outcome: 'no_answer' as const,
          channel: 'phone' as const,
        })),
      )
      .execute();
    const response = await record(context.bruno, lead, { outcome: 'red' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('2 ligações hoje');
  });
});
