import ExcelJS from 'exceljs';
import { type Insertable, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myLeadSchema, myLeadsSchema } from '../../core/attempts.ts';
import { eventChannel } from '../../core/events.ts';
import { attemptOutcomes } from '../../core/lead-status.ts';
import type { LeadsTable } from '../db/schema.ts';
import { createTestApp, type TestApp, type TestUser, testOrigin } from '../testing/test-app.ts';

let t: TestApp;
let adminCookie: string;
let ana: TestUser;
let bruno: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signInAsAdmin();
  ana = await t.createSignedInUser('assessor', 'Ana Assessora');
  bruno = await t.createSignedInUser('assessor', 'Bruno Assessor');
});
afterAll(() => t.close());

const headersOf = (user: { cookie: string }) => ({ origin: testOrigin, cookie: user.cookie });
const asAdmin = () => ({ origin: testOrigin, cookie: adminCookie });

const hour = 3600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * hour);

let phoneCounter = 40_000_000;
const uniquePhone = () => `+55119${++phoneCounter}`;

/** A lead in `owner`'s list, `assigned` now unless told otherwise. */
async function seedLead(
  owner: { id: string } | null,
  values: Partial<Insertable<LeadsTable>> = {},
) {
  const row = await t.database.db
    .insertInto('leads')
    .values({
      name: 'Lead Teste',
      phone: uniquePhone(),
      status: owner ? 'assigned' : 'new',
      owner_id: owner?.id ?? null,
      assigned_at: owner ? new Date() : null,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function record(user: { cookie: string }, leadId: number, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/leads/${leadId}/attempts`,
    headers: headersOf(user),
    payload: payload as Record<string, unknown>,
  });
}

async function myLeads(user: { cookie: string }, query = '') {
  const response = await t.app.inject({ url: `/api/my-leads${query}`, headers: headersOf(user) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    leads: { id: number; group: string; lastNote: string | null; status: string }[];
    groups: Record<string, number>;
    today: { received: number; attended: number };
  };
}

/** Everything a call could change about a lead. */
async function snapshot(leadId: number) {
  const db = t.database.db;
  const lead = await db.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirst();
  const count = async (table: 'lead_attempts' | 'lead_history') =>
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('lead_id', '=', leadId)
        .executeTakeFirstOrThrow()
    ).n;
  const blocked = lead?.phone
    ? await db.selectFrom('do_not_call').select('phone').where('phone', '=', lead.phone).execute()
    : [];
  return {
    lead,
    attempts: await count('lead_attempts'),
    history: await count('lead_history'),
    blocked,
  };
}

describe('GET /api/my-leads', () => {
  it('lists the caller’s workable leads: due call-backs, not attended, retries, later call-backs', async () => {
    const carla = await t.createSignedInUser('assessor', 'Carla');
    const dueOlder = await seedLead(carla, { status: 'yellow', callback_at: inHours(-3) });
    const dueNewer = await seedLead(carla, { status: 'yellow', callback_at: inHours(-1) });
    const later = await seedLead(carla, { status: 'yellow', callback_at: inHours(30) });
    const laterSooner = await seedLead(carla, { status: 'yellow', callback_at: inHours(2) });
    const assignedOld = await seedLead(carla, { assigned_at: inHours(-48) });
    const assignedNew = await seedLead(carla);
    const retryMany = await seedLead(carla, { status: 'no_answer', attempts: 3 });
    const retryFew = await seedLead(carla, { status: 'no_answer', attempts: 1 });
    await seedLead(carla, { status: 'green' });
    await seedLead(carla, { status: 'red' });
    await seedLead(ana);

    const { leads } = await myLeads(carla);
    expect(leads.map((lead) => [lead.id, lead.group])).toEqual([
      [dueOlder, 'callbackDue'],
      [dueNewer, 'callbackDue'],
      [assignedOld, 'notAttended'],
      [assignedNew, 'notAttended'],
      [retryFew, 'retry'],
      [retryMany, 'retry'],
      [laterSooner, 'callbackLater'],
      [later, 'callbackLater'],
    ]);
  });

  it('brings the first leads of the list and counts every group of the whole list', async () => {
    const elisa = await t.createSignedInUser('assessor', 'Elisa');
    const due = await seedLead(elisa, { status: 'yellow', callback_at: inHours(-1) });
    const fresh: number[] = [];
    for (let hour = 5; hour > 0; hour--)
      fresh.push(await seedLead(elisa, { assigned_at: inHours(-hour) }));
    await seedLead(elisa, { status: 'no_answer', attempts: 1 });
    await seedLead(elisa, { status: 'yellow', callback_at: inHours(3) });
    await seedLead(elisa, { status: 'yellow', callback_at: inHours(4) });

    const firstPage = await myLeads(elisa, '?limit=3');
    expect(firstPage.leads.map((lead) => lead.id)).toEqual([due, fresh[0], fresh[1]]);
    expect(firstPage.groups).toEqual({
      callbackDue: 1,
      notAttended: 5,
      retry: 1,
      callbackLater: 2,
    });
    const more = await myLeads(elisa, '?limit=6');
    expect(more.leads.map((lead) => lead.id)).toEqual([due, ...fresh]);
    expect((await myLeads(elisa)).leads).toHaveLength(9);
    const nobody = await t.createSignedInUser('assessor', 'Fábio');
    expect((await myLeads(nobody)).groups).toEqual({
      callbackDue: 0,
      notAttended: 0,
      retry: 0,
      callbackLater: 0,
    });
  });

  it('answers every field of the schema, instants in UTC to the millisecond as JavaScript writes them', async () => {
    const gil = await t.createSignedInUser('assessor', 'Gil');
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
      status: 'yellow',
      callback_at: new Date('2030-01-02T03:04:05.678Z'),
    });
    // PostgreSQL keeps microseconds; JavaScript's instants stop at the millisecond.
    await sql`update leads set assigned_at = '2026-01-05 10:00:00.123999+00' where id = ${leadId}`.execute(
      t.database.db,
    );
    await record(gil, await seedLead(gil), { outcome: 'no_answer', note: 'ligar à tarde' });

    const response = await t.app.inject({ url: '/api/my-leads', headers: headersOf(gil) });
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
      status: 'yellow',
      attempts: 0,
      assignedAt: '2026-01-05T10:00:00.123Z',
      callbackAt: '2030-01-02T03:04:05.678Z',
      group: 'callbackLater',
      lastNote: null,
    });
    expect(body.groups).toEqual({ callbackDue: 0, notAttended: 0, retry: 1, callbackLater: 1 });
    expect(body.today).toEqual({ received: 1, attended: 1 });
  });

  it('refuses a page size that is not a whole number from 1 to 1000', async () => {
    for (const limit of ['0', '1001', 'dez', '2.5']) {
      const response = await t.app.inject({
        url: `/api/my-leads?limit=${limit}`,
        headers: headersOf(ana),
      });
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().error.message).toMatch(/lead/);
    }
  });

  it('counts the day’s progress and shows the latest note, also for a lead that left the list', async () => {
    const dora = await t.createSignedInUser('assessor', 'Dora');
    const first = await seedLead(dora);
    const second = await seedLead(dora);
    const third = await seedLead(dora);
    await seedLead(dora, { assigned_at: inHours(-30) });
    expect((await myLeads(dora)).today).toEqual({ received: 3, attended: 0 });

    expect(
      (await record(dora, first, { outcome: 'no_answer', note: 'caixa postal' })).statusCode,
    ).toBe(201);
    expect((await record(dora, second, { outcome: 'invalid' })).statusCode).toBe(201);
    const result = await myLeads(dora);
    expect(result.today).toEqual({ received: 3, attended: 2 });
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
    await seedLead(ana);
    const response = await t.app.inject({ url: '/api/my-leads', headers: asAdmin() });
    expect(response.statusCode).toBe(200);
    expect(response.json().leads).toEqual([]);
  });

  it('refuses anyone not signed in', async () => {
    const response = await t.app.inject({ url: '/api/my-leads' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/leads/{id}/attempts: every outcome', () => {
  for (const outcome of attemptOutcomes) {
    it(`records "${outcome}" and moves the lead`, async () => {
      const leadId = await seedLead(ana);
      const before = await snapshot(leadId);
      const callbackAt = outcome === 'yellow' ? inHours(5).toISOString() : undefined;
      const response = await record(ana, leadId, {
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
        assessorId: ana.id,
        assessorName: 'Ana Assessora',
        outcome,
        channel: 'whatsapp',
        note: `nota ${outcome}`,
        callbackAt: callbackAt ?? null,
      });

      const after = await snapshot(leadId);
      const leaves = outcome === 'invalid' || outcome === 'do_not_call';
      expect(after.lead).toMatchObject({
        status: outcome,
        attempts: 1,
        owner_id: leaves ? null : ana.id,
        last_owner_id: leaves ? ana.id : null,
        callback_at: callbackAt ? new Date(callbackAt) : null,
      });
      expect(after.lead?.status_changed_at.getTime()).toBeGreaterThan(
        before.lead?.status_changed_at.getTime() ?? 0,
      );
      expect(after.attempts).toBe(1);
      expect(after.history).toBe(1);
      const history = await t.database.db
        .selectFrom('lead_history')
        .selectAll()
        .where('lead_id', '=', leadId)
        .executeTakeFirstOrThrow();
      expect(history).toMatchObject({
        changed_by: ana.id,
        from_status: 'assigned',
        to_status: outcome,
        from_owner_id: ana.id,
        to_owner_id: leaves ? null : ana.id,
      });
      expect(history.reason).toMatch(/^Ligação: /);
      expect(after.blocked).toHaveLength(outcome === 'do_not_call' ? 1 : 0);
    });
  }

  it('records again on a lead to retry or to call back, and clears a call-back', async () => {
    const leadId = await seedLead(ana, { status: 'yellow', callback_at: inHours(-1), attempts: 1 });
    expect((await record(ana, leadId, { outcome: 'no_answer' })).statusCode).toBe(201);
    expect((await record(ana, leadId, { outcome: 'green', channel: 'phone' })).statusCode).toBe(
      201,
    );
    const { lead, attempts, history } = await snapshot(leadId);
    expect(lead).toMatchObject({
      status: 'green',
      attempts: 3,
      callback_at: null,
      owner_id: ana.id,
    });
    expect(attempts).toBe(2);
    expect(history).toBe(2);
  });

  it('announces the call to every server process', async () => {
    const leadId = await seedLead(ana);
    const client = new pg.Client({ connectionString: t.database.connectionString });
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
      expect((await record(ana, leadId, { outcome: 'red' })).statusCode).toBe(201);
      expect(await heard).toEqual({ type: 'lead.attempted', assessorId: ana.id, leadId });
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
    const leadId = await seedLead(ana);
    await expectRefused(bruno, leadId, { outcome: 'green' }, 404, 'Lead não encontrado.');
    await expectRefused({ cookie: adminCookie }, leadId, { outcome: 'green' }, 404);
  });

  it('answers 404 on a lead that does not exist, is in the pool or was erased', async () => {
    const response = await record(ana, 987_654_321, { outcome: 'green' });
    expect(response.statusCode).toBe(404);
    await expectRefused(ana, await seedLead(null), { outcome: 'green' }, 404);
    const erased = await seedLead(ana, { name: null, phone: null, erased_at: new Date() });
    await expectRefused(ana, erased, { outcome: 'no_answer' }, 404, 'Lead não encontrado.');
  });

  it('refuses Retornar without a date, in the past, and a date on another outcome', async () => {
    const leadId = await seedLead(ana);
    await expectRefused(ana, leadId, { outcome: 'yellow' }, 400);
    await expectRefused(
      ana,
      leadId,
      { outcome: 'yellow', callbackAt: inHours(-1).toISOString() },
      400,
      'A data e a hora do retorno devem estar no futuro.',
    );
    await expectRefused(ana, leadId, { outcome: 'yellow', callbackAt: 'amanhã' }, 400);
    await expectRefused(ana, leadId, { outcome: 'red', callbackAt: inHours(2).toISOString() }, 400);
  });

  it('refuses an outcome on a lead that already has a final one', async () => {
    for (const status of ['green', 'red'] as const) {
      const leadId = await seedLead(ana, { status });
      await expectRefused(ana, leadId, { outcome: 'no_answer' }, 409);
    }
  });

  it('refuses an unknown outcome, an unknown channel and extra fields', async () => {
    const leadId = await seedLead(ana);
    await expectRefused(ana, leadId, { outcome: 'maybe' }, 400);
    await expectRefused(ana, leadId, {}, 400);
    await expectRefused(ana, leadId, { outcome: 'green', channel: 'pombo' }, 400);
    await expectRefused(ana, leadId, { outcome: 'green', status: 'green' }, 400);
    await expectRefused(ana, leadId, { outcome: 'green', ownerId: bruno.id }, 400);
    await expectRefused(ana, leadId, { outcome: 'green', note: 'x'.repeat(2001) }, 400);
  });

  it('refuses a request from another site', async () => {
    const leadId = await seedLead(ana);
    const before = await snapshot(leadId);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/leads/${leadId}/attempts`,
      headers: { origin: 'http://mal.example', cookie: ana.cookie },
      payload: { outcome: 'green' },
    });
    expect(response.statusCode).toBe(403);
    expect(await snapshot(leadId)).toEqual(before);
  });

  it('records a double submit once, even when the submits wait on each other', async () => {
    const leadId = await seedLead(ana);
    // Another transaction holds the lead while the three submits arrive, so they all read it
    // at the same moment: only the row lock and the check after it keep them apart.
    const holder = new pg.Client({ connectionString: t.database.connectionString });
    await holder.connect();
    let responses: Awaited<ReturnType<typeof record>>[];
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM leads WHERE id = $1 FOR UPDATE', [leadId]);
      const pending = Promise.all([
        record(ana, leadId, { outcome: 'green' }),
        record(ana, leadId, { outcome: 'red' }),
        record(ana, leadId, { outcome: 'green' }),
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
    const leadId = await seedLead(ana);
    expect((await record(ana, leadId, { outcome: 'no_answer', note: 'da Ana' })).statusCode).toBe(
      201,
    );

    expect((await myLeads(bruno)).leads.map((lead) => lead.id)).not.toContain(leadId);
    expect((await record(bruno, leadId, { outcome: 'green' })).statusCode).toBe(404);

    for (const query of ['', `?assessor=${ana.id}`, `?assessor=${ana.id}&outcome=no_answer`]) {
      const list = await t.app.inject({ url: `/api/attempts${query}`, headers: headersOf(bruno) });
      expect(list.statusCode).toBe(200);
      expect(
        list.json().attempts.filter((a: { assessorId: string }) => a.assessorId !== bruno.id),
      ).toEqual([]);
      const csv = await t.app.inject({
        url: `/api/attempts/export${query}`,
        headers: headersOf(bruno),
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).not.toContain('Ana Assessora');
    }

    for (const url of [`/api/leads/${leadId}`, '/api/leads', '/api/follow-up']) {
      expect((await t.app.inject({ url, headers: headersOf(bruno) })).statusCode).toBe(403);
    }
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/leads/${leadId}`,
      headers: headersOf(bruno),
      payload: { name: 'Roubado' },
    });
    expect(patch.statusCode).toBe(403);
    expect((await snapshot(leadId)).lead?.name).toBe('Lead Teste');
  });
});

describe('GET /api/attempts and its export', () => {
  let edu: TestUser;
  let fabi: TestUser;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    edu = await t.createSignedInUser('assessor', 'Edu');
    fabi = await t.createSignedInUser('assessor', 'Fabi');
    const calls = [
      ['eduPhone', edu, { outcome: 'no_answer', channel: 'phone' }],
      ['eduWhats', edu, { outcome: 'green', channel: 'whatsapp', note: "=cmd|' /C calc'!A0" }],
      ['fabiRed', fabi, { outcome: 'red', note: 'não quer; "nunca"' }],
      ['fabiYellow', fabi, { outcome: 'yellow', callbackAt: inHours(24).toISOString() }],
    ] as const;
    for (const [name, user, payload] of calls) {
      const leadId = await seedLead(user, { name: `Lead ${name}` });
      const response = await record(user, leadId, payload);
      expect(response.statusCode, response.body).toBe(201);
      ids[name] = response.json().attempt.id;
    }
    // 2026-01-10 02:00 UTC is still 9 January in São Paulo.
    await t.database.pool.query('UPDATE lead_attempts SET created_at = $1 WHERE id = $2', [
      '2026-01-10T02:00:00Z',
      ids.eduPhone,
    ]);
  });

  async function listIds(query: string, user: { cookie: string } | null = null) {
    const response = await t.app.inject({
      url: `/api/attempts?${query}`,
      headers: user ? headersOf(user) : asAdmin(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().attempts.map((attempt: { id: number }) => attempt.id) as number[];
  }

  it('filters by assessor, outcome, channel and São Paulo dates', async () => {
    expect(await listIds(`assessor=${edu.id}`)).toEqual([ids.eduWhats, ids.eduPhone]);
    expect(await listIds(`assessor=${fabi.id}&outcome=yellow`)).toEqual([ids.fabiYellow]);
    expect(await listIds(`assessor=${edu.id}&channel=whatsapp`)).toEqual([ids.eduWhats]);
    expect(await listIds('from=2026-01-09&to=2026-01-09')).toEqual([ids.eduPhone]);
    expect(await listIds('from=2026-01-10&to=2026-01-10')).toEqual([]);
    expect(await listIds(`assessor=${edu.id}&from=2026-01-10`)).toEqual([ids.eduWhats]);
  });

  it('answers lead and assessor names with each call', async () => {
    const response = await t.app.inject({
      url: `/api/attempts?assessor=${fabi.id}&outcome=red`,
      headers: asAdmin(),
    });
    expect(response.json().attempts[0]).toMatchObject({
      leadName: 'Lead fabiRed',
      assessorName: 'Fabi',
      outcome: 'red',
      channel: 'phone',
      note: 'não quer; "nunca"',
    });
  });

  it('shows an assessor only their own calls', async () => {
    expect(await listIds('', fabi)).toEqual([ids.fabiYellow, ids.fabiRed]);
    expect(await listIds(`assessor=${edu.id}`, fabi)).toEqual([ids.fabiYellow, ids.fabiRed]);
  });

  it('pages by keyset, newest first, without gaps or repeats', async () => {
    const all = await listIds('limit=500');
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await t.app.inject({ url: `/api/attempts?${query}`, headers: asAdmin() });
      const page = response.json();
      seen.push(...page.attempts.map((attempt: { id: number }) => attempt.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
    expect([...all].sort((a, b) => b - a)).toEqual(all);
    const bad = await t.app.inject({ url: '/api/attempts?cursor=nope', headers: asAdmin() });
    expect(bad.statusCode).toBe(400);
    const badDate = await t.app.inject({
      url: '/api/attempts?from=09/01/2026',
      headers: asAdmin(),
    });
    expect(badDate.statusCode).toBe(400);
  });

  it('exports CSV for Excel in Brazil with formulas neutralised', async () => {
    const response = await t.app.inject({
      url: `/api/attempts/export?format=csv&assessor=${edu.id}`,
      headers: asAdmin(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="ligacoes-\d{4}-\d{2}-\d{2}-\d{4}\.csv"$/,
    );
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Data e hora;Assessor;Lead;Telefone;Canal;Resultado;Retorno;Observação');
    expect(lines[1]).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};Edu;Lead eduWhats;\(11\) 9\d{4}-\d{4};WhatsApp;Aceitou;;'=cmd\|' \/C calc'!A0$/,
    );
    expect(lines[2]).toMatch(/^09\/01\/2026 23:00;Edu;Lead eduPhone;.*;Telefone;Não atendeu;;$/);
    expect(lines[3]).toBe('');
  });

  it('exports an assessor’s own calls only, and XLSX that exceljs reads back', async () => {
    const csv = await t.app.inject({
      url: `/api/attempts/export?assessor=${edu.id}`,
      headers: headersOf(fabi),
    });
    expect(csv.body).not.toContain('Edu');
    expect(csv.body).toContain('"não quer; ""nunca"""');
    const response = await t.app.inject({
      url: `/api/attempts/export?format=xlsx&assessor=${fabi.id}`,
      headers: asAdmin(),
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Ligações');
    expect(sheet?.getRow(1).getCell(1).value).toBe('Data e hora');
    expect(sheet?.getRow(2).getCell(6).value).toBe('Retornar');
    expect(sheet?.getRow(2).getCell(7).value).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(sheet?.rowCount).toBe(3);
  });

  it('keeps calls of erased leads without personal data', async () => {
    const leadId = await seedLead(edu);
    await record(edu, leadId, { outcome: 'no_answer', note: 'ligar de tarde' });
    const erase = await t.app.inject({
      method: 'POST',
      url: '/api/leads/bulk',
      headers: asAdmin(),
      payload: { target: { ids: [leadId] }, operation: { action: 'erase' } },
    });
    expect(erase.statusCode, erase.body).toBe(200);
    const response = await t.app.inject({
      url: `/api/attempts?assessor=${edu.id}&limit=1`,
      headers: asAdmin(),
    });
    expect(response.json().attempts[0]).toMatchObject({
      leadId,
      leadName: null,
      leadPhone: null,
      note: null,
    });
  });
});
