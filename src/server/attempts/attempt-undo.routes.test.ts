import { describe, expect, it } from 'vitest';
import { attemptOutcomes } from '../../core/lead-status.ts';
import { inHours, setUpAttemptTestApp } from './fixtures/attempt-test-app.ts';
import { createOutcomeUndoRepository } from './outcome-undo.repository.ts';

const { context, seedLead, record, myLeads, snapshot } = setUpAttemptTestApp();

function undo(user: { cookie: string }, attemptId: number) {
  return context.t.as(user).post(`/api/attempts/${attemptId}/undo`);
}

/** Records `outcome` on the lead and answers the call's id. */
async function call(leadId: number, outcome: string, extra: Record<string, unknown> = {}) {
  const response = await record(context.ana, leadId, { outcome, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().attempt.id as number;
}

describe('POST /api/attempts/{id}/undo', () => {
  for (const outcome of attemptOutcomes) {
    it(`puts a lead back as it was before "${outcome}" and forgets the call`, async () => {
      const leadId = await seedLead(context.ana, {
        status: 'no_answer',
        attempts: 2,
        last_note: 'ligar depois das 14h',
        status_changed_at: inHours(-30),
      });
      const before = await snapshot(leadId);
      const callbackAt = outcome === 'yellow' ? inHours(3).toISOString() : undefined;
      const attemptId = await call(leadId, outcome, {
        note: 'nota da ligação',
        ...(callbackAt ? { callbackAt } : {}),
      });

      const response = await undo(context.ana, attemptId);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().lead).toEqual({
        id: leadId,
        status: 'no_answer',
        attempts: 2,
        callbackAt: null,
      });

      const after = await snapshot(leadId);
      const { updated_at: _before, ...leadBefore } = before.lead ?? {};
      const { updated_at: _after, ...leadAfter } = after.lead ?? {};
      expect(leadAfter).toEqual(leadBefore);
      expect(after.attempts).toBe(0);
      expect(after.blocked).toEqual([]);
      const history = await context.t.database.db
        .selectFrom('lead_history')
        .select(['from_status', 'to_status', 'reason'])
        .where('lead_id', '=', leadId)
        .orderBy('id')
        .execute();
      expect(history.map((row) => row.reason)).toEqual([
        expect.stringMatching(/^Ligação: /),
        'Ligação desfeita',
      ]);
      expect(history[1]).toMatchObject({ from_status: outcome, to_status: 'no_answer' });
      const list = await myLeads(context.ana);
      expect(list.leads.map((lead) => lead.id)).toContain(leadId);
    });
  }

  it('keeps a block list entry the call did not add', async () => {
    const leadId = await seedLead(context.ana);
    const { lead } = await snapshot(leadId);
    // The lead's other number was on the company's list before the call ("Não ligar" on the
    // main one puts both there): no call may dial a listed number, so the call dials the main.
    const other = `+5511955${String(leadId).padStart(6, '0')}`;
    const db = context.t.database.db;
    await db
      .insertInto('lead_phones')
      .values([
        {
          lead_id: leadId,
          position: 0,
          phone: lead?.phone as string,
          phone_raw: '',
          label: 'Telefone',
        },
        {
          lead_id: leadId,
          position: 1,
          phone: other,
          phone_raw: other,
          label: 'Celular',
          state: 'do_not_call',
        },
      ])
      .execute();
    await db
      .insertInto('do_not_call')
      .values({ phone: other, reason: 'Lista da empresa', created_by: null })
      .execute();
    const attemptId = await call(leadId, 'do_not_call');
    expect((await undo(context.ana, attemptId)).statusCode).toBe(200);
    const listed = await db
      .selectFrom('do_not_call')
      .select('phone')
      .where('phone', 'in', [lead?.phone as string, other])
      .execute();
    expect(listed).toEqual([{ phone: other }]);
  });

  it("undoes one's own calls only, each once", async () => {
    const first = await seedLead(context.ana);
    const second = await seedLead(context.ana);
    const firstCall = await call(first, 'red');
    const secondCall = await call(second, 'no_answer');

    const someoneElse = await undo(context.bruno, secondCall);
    expect(someoneElse.statusCode).toBe(404);
    expect(someoneElse.json().error.message).toBe(
      'Não há o que desfazer: a ligação já foi desfeita, não é sua ou o prazo acabou.',
    );
    expect((await snapshot(second)).lead?.status).toBe('no_answer');

    // A call before the last one, still in its window, on a lead nobody changed since.
    expect((await undo(context.ana, firstCall)).statusCode).toBe(200);
    expect((await snapshot(first)).lead?.status).toBe('assigned');

    const [once, twice] = await Promise.all([
      undo(context.ana, secondCall),
      undo(context.ana, secondCall),
    ]);
    expect([once.statusCode, twice.statusCode].sort()).toEqual([200, 404]);
    const { lead, attempts } = await snapshot(second);
    expect([lead?.status, lead?.attempts, attempts]).toEqual(['assigned', 0, 0]);
  });

  it('refuses once its window has passed, and changes nothing', async () => {
    const leadId = await seedLead(context.ana);
    const attemptId = await call(leadId, 'invalid');
    await context.t.database.db
      .updateTable('outcome_undo')
      .set({ recorded_at: inHours(-1) })
      .where('attempt_id', '=', attemptId)
      .execute();
    const response = await undo(context.ana, attemptId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'O prazo para desfazer acabou: uma ligação pode ser desfeita por 10 segundos.',
    );
    const after = await snapshot(leadId);
    expect([after.lead?.status, after.lead?.attempts, after.attempts]).toEqual(['invalid', 1, 1]);
  });

  it('refuses when someone changed the lead after the call', async () => {
    const leadId = await seedLead(context.ana);
    const attemptId = await call(leadId, 'red');
    const moved = await context.t.as(context.admin).post('/api/leads/bulk', {
      target: { ids: [leadId] },
      operation: { action: 'reassign', assessorId: context.bruno.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const response = await undo(context.ana, attemptId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/^O lead mudou depois da ligação/);
    const after = await snapshot(leadId);
    expect([after.lead?.owner_id, after.lead?.attempts, after.attempts]).toEqual([
      context.bruno.id,
      1,
      1,
    ]);
  });

  it('forgets, by the purge, what calls older than a minute changed', async () => {
    const leadId = await seedLead(context.ana);
    const old = await call(leadId, 'no_answer');
    const recent = await call(leadId, 'no_answer');
    await context.t.database.db
      .updateTable('outcome_undo')
      .set({ recorded_at: inHours(-1) })
      .where('attempt_id', '=', old)
      .execute();
    const undos = createOutcomeUndoRepository(context.t.database.db);
    expect(await undos.purgeUndos(60)).toBeGreaterThanOrEqual(1);
    const kept = await context.t.database.db
      .selectFrom('outcome_undo')
      .select('attempt_id')
      .where('attempt_id', 'in', [old, recent])
      .execute();
    expect(kept.map((row) => row.attempt_id)).toEqual([recent]);
  });

  it('refuses an id that is not a number', async () => {
    const response = await undo(context.ana, 'abc' as unknown as number);
    expect(response.statusCode).toBe(400);
  });
});
