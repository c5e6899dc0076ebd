import ExcelJS from 'exceljs';
import type { Insertable } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeadsTable } from '../db/schema.ts';
import { setUpTestApp } from '../testing/set-up-test-app.ts';
import type { TestUser } from '../testing/test-app.ts';

const context = setUpTestApp({ assessors: { ana: 'Ana Assessora', bruno: 'Bruno Assessor' } });

const asAdmin = () => context.t.as(context.adminCookie).headers;

let phoneCounter = 50_000_000;
const uniquePhone = () => `+55119${++phoneCounter}`;

async function seedLead(values: Partial<Insertable<LeadsTable>>) {
  const row = await context.t.database.db
    .insertInto('leads')
    .values({ name: 'Lead Teste', phone: uniquePhone(), ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const green = (owner: TestUser, acceptedAt: string, values: Partial<Insertable<LeadsTable>> = {}) =>
  seedLead({
    status: 'green',
    owner_id: owner.id,
    assigned_at: new Date(acceptedAt),
    status_changed_at: new Date(acceptedAt),
    ...values,
  });

async function list(query = '') {
  const response = await context.t.as(context.adminCookie).get(`/api/follow-up?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    leads: { id: number; registrationConfirmedAt: string | null }[];
    nextCursor: string | null;
  };
}
const ids = async (query = '') => (await list(query)).leads.map((lead) => lead.id);

function confirm(id: number, payload: unknown, headers = asAdmin()) {
  return context.t.app.inject({
    method: 'PATCH',
    url: `/api/follow-up/${id}`,
    headers,
    payload: payload as Record<string, unknown>,
  });
}

describe('/api/follow-up', () => {
  let anaMarch: number;
  let anaJanuary: number;
  let brunoFebruary: number;
  let brunoLateNight: number;
  beforeAll(async () => {
    anaJanuary = await green(context.ana, '2026-01-15T15:00:00Z', {
      name: 'Maria Souza',
      email: 'maria@example.com',
      cpf: '52998224725',
      city: 'São Paulo',
      uf: 'SP',
    });
    await context.t.database.db
      .insertInto('lead_attempts')
      .values([
        {
          lead_id: anaJanuary,
          assessor_id: context.ana.id,
          outcome: 'no_answer',
          channel: 'phone',
          note: 'antiga',
        },
        {
          lead_id: anaJanuary,
          assessor_id: context.ana.id,
          outcome: 'green',
          channel: 'phone',
          note: "=cmd|' /C calc'!A0",
        },
        {
          lead_id: anaJanuary,
          assessor_id: context.ana.id,
          outcome: 'green',
          channel: 'phone',
          note: null,
        },
      ])
      .execute();
    // What those calls, recorded through the API, would have left on the lead.
    await context.t.database.db
      .updateTable('leads')
      .set({ last_note: "=cmd|' /C calc'!A0" })
      .where('id', '=', anaJanuary)
      .execute();
    brunoFebruary = await green(context.bruno, '2026-02-10T15:00:00Z');
    // 2026-03-01 01:30 UTC is still 28 February in São Paulo.
    brunoLateNight = await green(context.bruno, '2026-03-01T01:30:00Z');
    anaMarch = await green(context.ana, '2026-03-05T15:00:00Z');
    await seedLead({ status: 'red', owner_id: context.ana.id });
    await seedLead({ status: 'assigned', owner_id: context.ana.id });
    await seedLead({});
  });

  it('lists the green leads, the most recently accepted first, with who converted them', async () => {
    const page = await list();
    expect(page.leads.map((lead) => lead.id)).toEqual([
      anaMarch,
      brunoLateNight,
      brunoFebruary,
      anaJanuary,
    ]);
    expect(page.nextCursor).toBeNull();
    expect(page.leads[3]).toEqual({
      id: anaJanuary,
      name: 'Maria Souza',
      phone: expect.stringMatching(/^\+55119\d{8}$/),
      email: 'maria@example.com',
      cpf: '52998224725',
      city: 'São Paulo',
      uf: 'SP',
      assessorId: context.ana.id,
      assessorName: 'Ana Assessora',
      acceptedAt: '2026-01-15T15:00:00.000Z',
      lastNote: "=cmd|' /C calc'!A0",
      registrationConfirmedAt: null,
    });
  });

  it('filters by assessor and by São Paulo dates of acceptance', async () => {
    expect(await ids(`assessor=${context.bruno.id}`)).toEqual([brunoLateNight, brunoFebruary]);
    expect(await ids('from=2026-02-01&to=2026-02-28')).toEqual([brunoLateNight, brunoFebruary]);
    expect(await ids('from=2026-03-01')).toEqual([anaMarch]);
    expect(await ids('to=2026-01-31')).toEqual([anaJanuary]);
    const bad = await context.t.as(context.adminCookie).get('/api/follow-up?from=ontem');
    expect(bad.statusCode).toBe(400);
  });

  it('pages by keyset without gaps or repeats', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.leads.map((lead) => lead.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(await ids());
    const bad = await context.t.as(context.adminCookie).get('/api/follow-up?cursor=bad');
    expect(bad.statusCode).toBe(400);
    // The right shape holding a day or an hour that does not exist.
    for (const at of ['2026-02-31T10:00:00.000000Z', '2026-03-01T25:00:00.000000Z']) {
      const cursor = Buffer.from(`${at}|1`).toString('base64url');
      const impossible = await context.t
        .as(context.adminCookie)
        .get(`/api/follow-up?cursor=${cursor}`);
      expect(impossible.statusCode, impossible.body).toBe(400);
      expect(impossible.json().error.message).toBe('Cursor de paginação inválido.');
    }
  });

  it('sets and clears the "cadastro confirmado" mark, and filters by it', async () => {
    const first = await confirm(brunoFebruary, { confirmed: true });
    expect(first.statusCode, first.body).toBe(200);
    const confirmedAt = first.json().registrationConfirmedAt;
    expect(confirmedAt).toEqual(expect.any(String));
    const again = await confirm(brunoFebruary, { confirmed: true });
    expect(again.json().registrationConfirmedAt).toBe(confirmedAt);
    expect(await ids('confirmed=yes')).toEqual([brunoFebruary]);
    expect(await ids('confirmed=no')).toEqual([anaMarch, brunoLateNight, anaJanuary]);

    const cleared = await confirm(brunoFebruary, { confirmed: false });
    expect(cleared.json().registrationConfirmedAt).toBeNull();
    expect(await ids('confirmed=yes')).toEqual([]);
  });

  it('answers 404 for a lead that did not accept, and 400 for a bad body', async () => {
    const red = await seedLead({ status: 'red', owner_id: context.ana.id });
    const response = await confirm(red, { confirmed: true });
    expect(response.statusCode).toBe(404);
    const row = await context.t.database.db
      .selectFrom('leads')
      .select('registration_confirmed_at')
      .where('id', '=', red)
      .executeTakeFirstOrThrow();
    expect(row.registration_confirmed_at).toBeNull();
    expect((await confirm(987_654_321, { confirmed: true })).statusCode).toBe(404);
    expect((await confirm(anaMarch, { confirmed: 'sim' })).statusCode).toBe(400);
    expect((await confirm(anaMarch, { confirmed: true, status: 'red' })).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const headers = context.t.as(context.ana).headers;
    for (const url of ['/api/follow-up', '/api/follow-up/export']) {
      expect((await context.t.app.inject({ url, headers })).statusCode).toBe(403);
    }
    expect((await confirm(anaMarch, { confirmed: true }, headers)).statusCode).toBe(403);
    expect((await context.t.app.inject({ url: '/api/follow-up' })).statusCode).toBe(401);
  });

  it('exports CSV for Excel in Brazil with formulas neutralised, and XLSX', async () => {
    const response = await context.t
      .as(context.adminCookie)
      .get(`/api/follow-up/export?assessor=${context.ana.id}&to=2026-01-31`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="aceitaram-.*\.csv"$/);
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Aceito em;Assessor;Nome;Telefone;E-mail;CPF;Cidade;UF;Cadastro confirmado em;Última observação',
    );
    expect(lines[1]).toMatch(
      /^15\/01\/2026 12:00;Ana Assessora;Maria Souza;\(11\) 9\d{4}-\d{4};maria@example.com;529.982.247-25;São Paulo;SP;;'=cmd\|' \/C calc'!A0$/,
    );
    expect(lines[2]).toBe('');

    const xlsx = await context.t.as(context.adminCookie).get('/api/follow-up/export?format=xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Aceitaram');
    expect(sheet?.rowCount).toBe(5);
    expect(sheet?.getRow(3).getCell(1).value).toBe('28/02/2026 22:30');
  });

  it('shows a lead an assessor just converted', async () => {
    const leadId = await seedLead({
      status: 'assigned',
      owner_id: context.ana.id,
      assigned_at: new Date(),
    });
    const call = await context.t.recordCall(context.ana, leadId, 'green', {
      note: 'vai cadastrar hoje',
    });
    expect(call.statusCode, call.body).toBe(201);
    const page = await list(`assessor=${context.ana.id}&limit=1`);
    expect(page.leads[0]).toMatchObject({
      id: leadId,
      assessorName: 'Ana Assessora',
      lastNote: 'vai cadastrar hoje',
    });
  });
});
