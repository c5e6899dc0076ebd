import { beforeAll, describe, expect, it } from 'vitest';
import { setUpAttemptTestApp } from './fixtures/attempt-test-app.ts';

const { context, asAdmin, seedLead, record } = setUpAttemptTestApp();

/**
 * A call record is what was true when the call was made: who called, the number dialled and
 * the name asked for. Recycling, reassigning and correcting the lead afterwards change the
 * lead, never its old calls.
 */
describe('a call record after its lead changes', () => {
  let leadId: number;
  const first = { name: 'Rosa Antiga', phone: '+5511955550001' };
  const corrected = { name: 'Rosa Corrigida', phone: '+5511955550002' };

  async function admin(method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) {
    const response = await context.t.app.inject({ method, url, headers: asAdmin(), payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
  }

  beforeAll(async () => {
    const { ana, bruno } = context;
    leadId = await seedLead(ana, first);
    const refused = await record(ana, leadId, { outcome: 'red', note: 'não quer agora' });
    expect(refused.statusCode, refused.body).toBe(201);
    await admin('POST', '/api/reciclarleadsteste', {});
    await admin('PATCH', `/api/leads/${leadId}`, {
      name: corrected.name,
      phone: '(11) 95555-0002',
    });
    await admin('POST', '/api/leads/bulk', {
      target: { ids: [leadId] },
      operation: { action: 'reassign', assessorId: bruno.id },
    });
    const unanswered = await record(bruno, leadId, { outcome: 'no_answer' });
    expect(unanswered.statusCode, unanswered.body).toBe(201);
  });

  const expected = () => [
    { assessorName: 'Bruno Assessor', leadName: corrected.name, leadPhone: corrected.phone },
    { assessorName: 'Ana Assessora', leadName: first.name, leadPhone: first.phone },
  ];

  it('keeps the caller, the name and the phone dialled in the list of calls', async () => {
    const response = await context.t.as(context.admin).get('/api/attempts');
    expect(response.statusCode, response.body).toBe(200);
    const calls = response.json().attempts.filter((call: { leadId: number }) => {
      return call.leadId === leadId;
    });
    expect(calls).toMatchObject(expected());
    expect(calls.map((call: { outcome: string }) => call.outcome)).toEqual(['no_answer', 'red']);
  });

  it('shows the first assessor their own call as they made it', async () => {
    const response = await context.t.as(context.ana).get('/api/attempts');
    expect(response.json().attempts).toMatchObject([
      { leadId, assessorName: 'Ana Assessora', leadName: first.name, leadPhone: first.phone },
    ]);
  });

  it('keeps them in the export of calls', async () => {
    const response = await context.t.as(context.admin).get('/api/attempts/export?format=csv');
    expect(response.statusCode).toBe(200);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[1]).toMatch(/;Bruno Assessor;Rosa Corrigida;\(11\) 95555-0002;Telefone;/);
    expect(lines[2]).toMatch(/;Ana Assessora;Rosa Antiga;\(11\) 95555-0001;Telefone;/);
  });

  it('keeps them in the lead’s call history, beside the lead as it is now', async () => {
    const response = await context.t.as(context.admin).get(`/api/leads/${leadId}`);
    expect(response.statusCode, response.body).toBe(200);
    const lead = response.json();
    expect(lead).toMatchObject({ name: corrected.name, phone: corrected.phone });
    expect(lead.calls).toMatchObject(expected().reverse());
  });
});
