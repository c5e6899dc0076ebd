import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { myLeadSchema, myLeadsSchema } from '../../core/attempts.ts';
import { inHours, setUpAttemptTestApp } from './fixtures/attempt-test-app.ts';

const { context, seedLead, record, myLeads } = setUpAttemptTestApp();

/** A "Retornar" for `at`, as a call leaves it. */
const callback = (at: Date) =>
  ({ status: 'yellow', callback_at: at, next_call_at: at, next_call_reason: 'callback' }) as const;
/** A "Não atendeu" to try again from `at`. */
const retry = (at: Date) =>
  ({ status: 'no_answer', next_call_at: at, next_call_reason: 'retry' }) as const;

async function nextCallOf(leadId: number): Promise<Date> {
  const row = await context.t.database.db
    .selectFrom('leads')
    .select('next_call_at')
    .where('id', '=', leadId)
    .executeTakeFirstOrThrow();
  return row.next_call_at;
}

describe('GET /api/my-leads', () => {
  it('lists the caller’s workable leads: due call-backs, due retries, not attended, then the ones waiting', async () => {
    const carla = await context.t.createSignedInUser('assessor', 'Carla');
    const dueOlder = await seedLead(carla, callback(inHours(-3)));
    const dueNewer = await seedLead(carla, callback(inHours(-1)));
    const later = await seedLead(carla, callback(inHours(30)));
    const laterSooner = await seedLead(carla, callback(inHours(2)));
    const assignedOld = await seedLead(carla, { assigned_at: inHours(-48) });
    const assignedNew = await seedLead(carla);
    const retryNewer = await seedLead(carla, retry(inHours(-1)));
    const retryOlder = await seedLead(carla, retry(inHours(-2)));
    const retryLater = await seedLead(carla, retry(inHours(1)));
    // Received again after three calls today elsewhere: it waits for tomorrow.
    const capped = await seedLead(carla, {
      next_call_at: inHours(5),
      next_call_reason: 'daily_cap',
    });
    await seedLead(carla, { status: 'green' });
    await seedLead(carla, { status: 'red' });
    await seedLead(context.ana);

    const { leads, groups } = await myLeads(carla);
    expect(leads.map((lead) => [lead.id, lead.group])).toEqual([
      [dueOlder, 'callbackDue'],
      [dueNewer, 'callbackDue'],
      [retryOlder, 'retry'],
      [retryNewer, 'retry'],
      [assignedOld, 'notAttended'],
      [assignedNew, 'notAttended'],
      [retryLater, 'waiting'],
      [laterSooner, 'waiting'],
      [capped, 'waiting'],
      [later, 'waiting'],
    ]);
    expect(groups).toEqual({ callbackDue: 2, retry: 2, notAttended: 2, waiting: 4 });
    // Only a waiting lead says when and why it may be called again.
    expect(leads.map((lead) => lead.nextCallReason)).toEqual([
      ...Array(6).fill(null),
      'retry',
      'callback',
      'daily_cap',
      'callback',
    ]);
    expect(leads.find((lead) => lead.id === capped)?.nextCallAt).toBe(
      (await nextCallOf(capped)).toISOString(),
    );
  });

  it('brings the first leads of the list and counts every group of the whole list', async () => {
    const elisa = await context.t.createSignedInUser('assessor', 'Elisa');
    const due = await seedLead(elisa, callback(inHours(-1)));
    const fresh: number[] = [];
    for (let hour = 5; hour > 0; hour--)
      fresh.push(await seedLead(elisa, { assigned_at: inHours(-hour) }));
    const retried = await seedLead(elisa, retry(inHours(-1)));
    await seedLead(elisa, callback(inHours(3)));
    await seedLead(elisa, callback(inHours(4)));

    const firstPage = await myLeads(elisa, '?limit=3');
    expect(firstPage.leads.map((lead) => lead.id)).toEqual([due, retried, fresh[0]]);
    expect(firstPage.groups).toEqual({ callbackDue: 1, retry: 1, notAttended: 5, waiting: 2 });
    const more = await myLeads(elisa, '?limit=7');
    expect(more.leads.map((lead) => lead.id)).toEqual([due, retried, ...fresh]);
    expect((await myLeads(elisa)).leads).toHaveLength(9);
    const nobody = await context.t.createSignedInUser('assessor', 'Fábio');
    expect((await myLeads(nobody)).groups).toEqual({
      callbackDue: 0,
      retry: 0,
      notAttended: 0,
      waiting: 0,
    });
  });

  it('answers every field of the schema, instants in UTC to the millisecond as JavaScript writes them', async () => {
    const gil = await context.t.createSignedInUser('assessor', 'Gil');
    // Quotes, a line break and a backslash, as they must come back.
    const person = {
      name: 'Júlia "Ju" D’Ávila',
      email: 'julia@example.com',
      city: 'São Paulo',
      uf: 'SP',
      notes: 'linha 1\nlinha 2',
      extra: { origem: 'feira', código: 'A\\1' },
    };
    const leadId = await seedLead(gil, {
      ...person,
      ...callback(new Date('2030-01-02T03:04:05.678Z')),
    });
    // PostgreSQL keeps microseconds; JavaScript's instants stop at the millisecond.
    await sql`update leads set assigned_at = '2026-01-05 10:00:00.123999+00' where id = ${leadId}`.execute(
      context.t.database.db,
    );
    await record(gil, await seedLead(gil), { outcome: 'no_answer', note: 'ligar à tarde' });

    const response = await context.t.as(gil).get('/api/my-leads');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    expect(myLeadsSchema.strict().parse(body)).toEqual(body);
    for (const lead of body.leads) expect(myLeadSchema.strict().parse(lead)).toEqual(lead);
    expect(body.leads).toHaveLength(2);
    expect(body.leads[0]).toMatchObject({ status: 'no_answer', lastNote: 'ligar à tarde' });
    expect(body.leads[1]).toEqual({
      id: leadId,
      ...person,
      phone: expect.stringMatching(/^\+55119/),
      phones: [],
      status: 'yellow',
      attempts: 0,
      assignedAt: '2026-01-05T10:00:00.123Z',
      callbackAt: '2030-01-02T03:04:05.678Z',
      nextCallAt: '2030-01-02T03:04:05.678Z',
      nextCallReason: 'callback',
      group: 'waiting',
      lastNote: null,
    });
    // The call just made waits for its retry rule's delay.
    expect(body.leads[0]).toMatchObject({ group: 'waiting', nextCallReason: 'retry' });
    expect(body.groups).toEqual({ callbackDue: 0, retry: 0, notAttended: 0, waiting: 2 });
    expect(body.today).toEqual({
      received: 1,
      worked: 1,
      answered: 0,
      calls: 1,
      contacts: 0,
      accepts: 0,
      timeZone: 'America/Sao_Paulo',
    });
  });

  it('refuses a page size that is not a whole number from 1 to 1000', async () => {
    for (const limit of ['0', '1001', 'dez', '2.5']) {
      const response = await context.t.as(context.ana).get(`/api/my-leads?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().error.message).toMatch(/lead/);
    }
  });

  it('counts as answered the calls someone picked up, a "Não ligar" that left the list too', async () => {
    const ivo = await context.t.createSignedInUser('assessor', 'Ivo');
    const leads = await Promise.all(Array.from({ length: 6 }, () => seedLead(ivo)));
    const outcomes = ['green', 'red', 'no_answer', 'invalid', 'do_not_call'] as const;
    for (const [index, outcome] of outcomes.entries()) {
      expect((await record(ivo, leads[index] as number, { outcome })).statusCode).toBe(201);
    }
    const later = inHours(30).toISOString();
    expect(
      (await record(ivo, leads[5] as number, { outcome: 'yellow', callbackAt: later })).statusCode,
    ).toBe(201);
    expect((await myLeads(ivo)).today).toEqual({
      received: 6,
      worked: 6,
      answered: 4,
      calls: 6,
      contacts: 4,
      accepts: 1,
      timeZone: 'America/Sao_Paulo',
    });
  });

  it('counts in the day’s calls, contacts and accepts every call made today, yesterday’s call-backs too', async () => {
    const rui = await context.t.createSignedInUser('assessor', 'Rui');
    const yesterday = { assigned_at: inHours(-30) };
    const due = await seedLead(rui, { ...yesterday, ...callback(inHours(-1)) });
    const retried = await seedLead(rui, { ...yesterday, ...retry(inHours(-1)) });
    // Yesterday's call on the same lead is not today's.
    await record(rui, due, { outcome: 'no_answer' });
    await sql`update lead_attempts set created_at = now() - interval '30 hours'
      where assessor_id = ${rui.id}`.execute(context.t.database.db);
    await sql`update leads set next_call_at = now() - interval '1 hour' where id = ${due}`.execute(
      context.t.database.db,
    );
    const before = (await myLeads(rui)).today;
    expect(before).toMatchObject({ calls: 0, contacts: 0, accepts: 0 });

    expect((await record(rui, due, { outcome: 'green' })).statusCode).toBe(201);
    expect((await record(rui, retried, { outcome: 'no_answer' })).statusCode).toBe(201);
    const after = (await myLeads(rui)).today;
    expect(after).toMatchObject({ calls: 2, contacts: 1, accepts: 1 });
    // Not received today: today's batch is unchanged.
    expect(after).toMatchObject({ received: 0, worked: 0 });
    // Another assessor's calls are theirs.
    expect((await myLeads(context.bruno)).today).toMatchObject({ calls: 0 });
  });

  it('counts the day’s progress and shows the latest note, also for a lead that left the list', async () => {
    const dora = await context.t.createSignedInUser('assessor', 'Dora');
    const first = await seedLead(dora);
    const second = await seedLead(dora);
    const third = await seedLead(dora);
    await seedLead(dora, { assigned_at: inHours(-30) });
    expect((await myLeads(dora)).today).toMatchObject({ received: 3, worked: 0, answered: 0 });

    expect(
      (await record(dora, first, { outcome: 'no_answer', note: 'caixa postal' })).statusCode,
    ).toBe(201);
    expect((await record(dora, second, { outcome: 'invalid' })).statusCode).toBe(201);
    const result = await myLeads(dora);
    // Worked, both; answered, neither: nobody picked up.
    expect(result.today).toEqual({
      received: 3,
      worked: 2,
      answered: 0,
      calls: 2,
      contacts: 0,
      accepts: 0,
      timeZone: 'America/Sao_Paulo',
    });
    expect(result.leads.map((lead) => lead.id)).not.toContain(second);
    expect(result.leads.find((lead) => lead.id === first)?.lastNote).toBe('caixa postal');
    expect(result.leads.find((lead) => lead.id === third)?.lastNote).toBeNull();
    // A call without a note keeps the last one; a new note takes its place.
    expect((await record(dora, first, { outcome: 'no_answer' })).statusCode).toBe(201);
    expect((await myLeads(dora)).leads.find((lead) => lead.id === first)?.lastNote).toBe(
      'caixa postal',
    );
    expect(
      (await record(dora, first, { outcome: 'no_answer', note: 'sem sinal' })).statusCode,
    ).toBe(201);
    expect((await myLeads(dora)).leads.find((lead) => lead.id === first)?.lastNote).toBe(
      'sem sinal',
    );
  });

  it('shows an admin their own leads only', async () => {
    await seedLead(context.ana);
    const response = await context.t.as(context.admin).get('/api/my-leads');
    expect(response.statusCode).toBe(200);
    expect(response.json().leads).toEqual([]);
  });

  it('refuses anyone not signed in', async () => {
    const response = await context.t.app.inject({ url: '/api/my-leads' });
    expect(response.statusCode).toBe(401);
  });
});
