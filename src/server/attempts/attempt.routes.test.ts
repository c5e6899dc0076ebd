import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { localTimeIn } from '../../core/brazil-calendar.ts';
import type { CallingCalendar } from '../../core/calling-windows.ts';
import { eventChannel } from '../../core/events.ts';
import { attemptOutcomes } from '../../core/lead-status.ts';
import { callbackOutcomeKey, outcomeBlocksNumbers, outcomeOf } from '../../core/outcomes.ts';
import { everyHourCalendar, noHourCalendar, setCallingHours } from '../testing/test-settings.ts';
import { inHours, setUpAttemptTestApp } from './fixtures/attempt-test-app.ts';

const { context, seedLead, record, myLeads, snapshot } = setUpAttemptTestApp();

describe('POST /api/leads/{id}/attempts: every outcome', () => {
  for (const outcome of attemptOutcomes) {
    it(`records "${outcome}" and moves the lead`, async () => {
      const leadId = await seedLead(context.ana);
      const before = await snapshot(leadId);
      const callbackAt = outcome === callbackOutcomeKey ? inHours(5).toISOString() : undefined;
      const response = await record(context.ana, leadId, {
        outcome,
        channel: 'whatsapp',
        note: `nota ${outcome}`,
        ...(callbackAt ? { callbackAt } : {}),
      });
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body.lead).toEqual({
        id: leadId,
        status: outcome,
        attempts: 1,
        callbackAt: callbackAt ?? null,
      });
      expect(body.attempt).toMatchObject({
        leadId,
        assessorId: context.ana.id,
        assessorName: 'Ana Assessora',
        outcome,
        channel: 'whatsapp',
        note: `nota ${outcome}`,
        callbackAt: callbackAt ?? null,
      });

      const after = await snapshot(leadId);
      const leaves = outcomeOf(outcome).lead === 'closes';
      expect(after.lead).toMatchObject({
        status: outcome,
        attempts: 1,
        owner_id: leaves ? null : context.ana.id,
        last_owner_id: leaves ? context.ana.id : null,
        callback_at: callbackAt ? new Date(callbackAt) : null,
      });
      expect(after.lead?.status_changed_at.getTime()).toBeGreaterThan(
        before.lead?.status_changed_at.getTime() ?? 0,
      );
      expect(after.attempts).toBe(1);
      expect(after.history).toBe(1);
      const history = await context.t.database.db
        .selectFrom('lead_history')
        .selectAll()
        .where('lead_id', '=', leadId)
        .executeTakeFirstOrThrow();
      expect(history).toMatchObject({
        changed_by: context.ana.id,
        from_status: 'assigned',
        to_status: outcome,
        from_owner_id: context.ana.id,
        to_owner_id: leaves ? null : context.ana.id,
      });
      expect(history.reason).toMatch(/^Ligação: /);
      expect(after.blocked).toHaveLength(outcomeBlocksNumbers(outcome) ? 1 : 0);
    });
  }

  it('records again on a lead to retry or to call back, and clears a call-back', async () => {
    const leadId = await seedLead(context.ana, {
      status: 'yellow',
      callback_at: inHours(-1),
      attempts: 1,
    });
    expect((await record(context.ana, leadId, { outcome: 'no_answer' })).statusCode).toBe(201);
    expect(
      (await record(context.ana, leadId, { outcome: 'green', channel: 'phone' })).statusCode,
    ).toBe(201);
    const { lead, attempts, history } = await snapshot(leadId);
    expect(lead).toMatchObject({
      status: 'green',
      attempts: 3,
      callback_at: null,
      owner_id: context.ana.id,
    });
    expect(attempts).toBe(2);
    expect(history).toBe(2);
  });

  it('announces the call to every server process', async () => {
    const leadId = await seedLead(context.ana);
    // A LISTEN holds a session: on the server itself, even when the app is behind PgBouncer.
    const client = new pg.Client({
      connectionString: context.t.database.directConnection.connectionString,
    });
    await client.connect();
    try {
      // Calls are announced a moment after they commit; earlier tests' calls may come first.
      const heard = new Promise<unknown>((resolve) =>
        client.on('notification', (message) => {
          const event = JSON.parse(message.payload ?? '');
          if (event.leadId === leadId) resolve(event);
        }),
      );
      await client.query(`LISTEN ${eventChannel}`);
      expect((await record(context.ana, leadId, { outcome: 'red' })).statusCode).toBe(201);
      expect(await heard).toEqual({ type: 'lead.attempted', assessorId: context.ana.id, leadId });
    } finally {
      await client.end();
    }
  });
});

describe('POST /api/leads/{id}/attempts: refusals change nothing', () => {
  async function expectRefused(
    user: { cookie: string },
    leadId: number,
    payload: unknown,
    status: number,
    message?: string,
  ) {
    const before = await snapshot(leadId);
    const response = await record(user, leadId, payload);
    expect(response.statusCode, response.body).toBe(status);
    if (message) expect(response.json().error.message).toBe(message);
    expect(await snapshot(leadId)).toEqual(before);
  }

  it('answers 404 on someone else’s lead, also to an admin', async () => {
    const leadId = await seedLead(context.ana);
    await expectRefused(context.bruno, leadId, { outcome: 'green' }, 404, 'Lead não encontrado.');
    await expectRefused({ cookie: context.adminCookie }, leadId, { outcome: 'green' }, 404);
  });

  it('answers 404 on a lead that does not exist, is in the pool or was erased', async () => {
    const response = await record(context.ana, 987_654_321, { outcome: 'green' });
    expect(response.statusCode).toBe(404);
    await expectRefused(context.ana, await seedLead(null), { outcome: 'green' }, 404);
    const erased = await seedLead(context.ana, { name: null, phone: null, erased_at: new Date() });
    await expectRefused(context.ana, erased, { outcome: 'no_answer' }, 404, 'Lead não encontrado.');
  });

  it('refuses Retornar without a date, in the past, and a date on another outcome', async () => {
    const leadId = await seedLead(context.ana);
    await expectRefused(context.ana, leadId, { outcome: 'yellow' }, 400);
    await expectRefused(
      context.ana,
      leadId,
      { outcome: 'yellow', callbackAt: inHours(-1).toISOString() },
      400,
      'A data e a hora do retorno devem estar no futuro.',
    );
    await expectRefused(context.ana, leadId, { outcome: 'yellow', callbackAt: 'amanhã' }, 400);
    await expectRefused(
      context.ana,
      leadId,
      { outcome: 'red', callbackAt: inHours(2).toISOString() },
      400,
    );
  });

  it('refuses an outcome on a lead that already has a final one', async () => {
    for (const status of ['green', 'red'] as const) {
      const leadId = await seedLead(context.ana, { status });
      await expectRefused(context.ana, leadId, { outcome: 'no_answer' }, 409);
    }
  });

  it('refuses an unknown outcome, an unknown channel and extra fields', async () => {
    const leadId = await seedLead(context.ana);
    await expectRefused(context.ana, leadId, { outcome: 'maybe' }, 400);
    await expectRefused(context.ana, leadId, {}, 400);
    await expectRefused(context.ana, leadId, { outcome: 'green', channel: 'pombo' }, 400);
    await expectRefused(context.ana, leadId, { outcome: 'green', status: 'green' }, 400);
    await expectRefused(context.ana, leadId, { outcome: 'green', ownerId: context.bruno.id }, 400);
    await expectRefused(context.ana, leadId, { outcome: 'green', note: 'x'.repeat(2001) }, 400);
  });

  it('refuses a request from another site', async () => {
    const leadId = await seedLead(context.ana);
    const before = await snapshot(leadId);
    const response = await context.t.app.inject({
      method: 'POST',
      url: `/api/leads/${leadId}/attempts`,
      headers: { origin: 'http://mal.example', cookie: context.ana.cookie },
      payload: { outcome: 'green' },
    });
    expect(response.statusCode).toBe(403);
    expect(await snapshot(leadId)).toEqual(before);
  });

  it('records a double submit once, even when the submits wait on each other', async () => {
    const leadId = await seedLead(context.ana);
    // Another transaction holds the lead while the three submits arrive, so they all read it
    // at the same moment: only the row lock and the check after it keep them apart.
    const holder = new pg.Client({ connectionString: context.t.database.connectionString });
    await holder.connect();
    let responses: Awaited<ReturnType<typeof record>>[];
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM leads WHERE id = $1 FOR UPDATE', [leadId]);
      const pending = Promise.all([
        record(context.ana, leadId, { outcome: 'green' }),
        record(context.ana, leadId, { outcome: 'red' }),
        record(context.ana, leadId, { outcome: 'green' }),
      ]);
      for (let waited = 0; waited < 100; waited++) {
        // The activity view is a snapshot per transaction: clear it to see the submits arrive.
        await holder.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await holder.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (rows[0].n >= 3) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await holder.query('COMMIT');
      responses = await pending;
    } finally {
      await holder.end();
    }
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    const { lead, attempts, history } = await snapshot(leadId);
    expect(lead?.attempts).toBe(1);
    expect(attempts).toBe(1);
    expect(history).toBe(1);
  });
});

describe('one assessor cannot reach another’s leads', () => {
  it('keeps Ana’s lead and calls away from Bruno on every route', async () => {
    const leadId = await seedLead(context.ana);
    expect(
      (await record(context.ana, leadId, { outcome: 'no_answer', note: 'da Ana' })).statusCode,
    ).toBe(201);

    expect((await myLeads(context.bruno)).leads.map((lead) => lead.id)).not.toContain(leadId);
    expect((await record(context.bruno, leadId, { outcome: 'green' })).statusCode).toBe(404);

    for (const query of [
      '',
      `?assessor=${context.ana.id}`,
      `?assessor=${context.ana.id}&outcome=no_answer`,
    ]) {
      const list = await context.t.as(context.bruno).get(`/api/attempts${query}`);
      expect(list.statusCode).toBe(200);
      expect(
        list
          .json()
          .attempts.filter((a: { assessorId: string }) => a.assessorId !== context.bruno.id),
      ).toEqual([]);
      const csv = await context.t.as(context.bruno).get(`/api/attempts/export${query}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.body).not.toContain('Ana Assessora');
    }

    for (const url of [`/api/leads/${leadId}`, '/api/leads', '/api/follow-up']) {
      expect((await context.t.as(context.bruno).get(url)).statusCode).toBe(403);
    }
    const patch = await context.t
      .as(context.bruno)
      .patch(`/api/leads/${leadId}`, { name: 'Roubado' });
    expect(patch.statusCode).toBe(403);
    expect((await snapshot(leadId)).lead?.name).toBe('Lead Teste');
  });
});

describe('a call outside the calling window', () => {
  const setHours = (calendar: CallingCalendar) => setCallingHours(context.t.database.db, calendar);
  afterAll(() => setHours(everyHourCalendar));

  it('needs a reason, checked on the server’s clock, and keeps it in the call records', async () => {
    await setHours(noHourCalendar);
    const leadId = await seedLead(context.ana);
    const refusals: [Record<string, string>, string][] = [
      [{}, 'Este lead está fora do horário de ligação do seu estado: informe o motivo da ligação.'],
      [{ outsideWindowReason: '   ' }, 'Diga por que a ligação foi feita fora do horário.'],
    ];
    for (const [reason, message] of refusals) {
      const refused = await record(context.ana, leadId, { outcome: 'no_answer', ...reason });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toContain(message);
    }
    expect((await snapshot(leadId)).attempts).toBe(0);

    const response = await record(context.ana, leadId, {
      outcome: 'no_answer',
      outsideWindowReason: 'Pediu para ligar depois das 20h',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().attempt.outsideWindowReason).toBe('Pediu para ligar depois das 20h');
    const list = await context.t.as(context.ana).get('/api/attempts');
    const call = list.json().attempts.find((item: { leadId: number }) => item.leadId === leadId);
    expect(call.outsideWindowReason).toBe('Pediu para ligar depois das 20h');
  });

  it("counts the holiday of the lead's city, and only of that city", async () => {
    const today = localTimeIn('RJ', new Date()).day;
    await setHours({
      rules: {
        national: { ...everyHourCalendar.rules.national, onHolidays: false },
        byUf: {},
      },
      holidays: [{ day: today, name: 'Aniversário de Niterói', uf: 'RJ', city: 'Niterói' }],
    });
    const inNiteroi = await seedLead(context.ana, { phone: '+5521977001122', city: 'NITEROI' });
    const refused = await record(context.ana, inNiteroi, { outcome: 'no_answer' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect((await snapshot(inNiteroi)).attempts).toBe(0);
    const inRio = await seedLead(context.ana, { phone: '+5521977001133', city: 'Rio de Janeiro' });
    expect((await record(context.ana, inRio, { outcome: 'no_answer' })).statusCode).toBe(201);
  });

  it('keeps no reason for a call made within the hours', async () => {
    await setHours(everyHourCalendar);
    const response = await record(context.ana, await seedLead(context.ana), {
      outcome: 'red',
      outsideWindowReason: 'O relógio da página estava adiantado',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().attempt.outsideWindowReason).toBeNull();
  });
});
