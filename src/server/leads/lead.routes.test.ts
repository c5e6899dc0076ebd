import ExcelJS from 'exceljs';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadsTable } from '../db/schema.ts';
import { createTestApp, type TestApp, type TestUser, testOrigin } from '../testing/test-app.ts';
import { neutraliseCell } from './lead-export.ts';

let t: TestApp;
let adminCookie: string;
let adminId: string;
let assessor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await t.signInAsAdmin();
  adminId = (await t.app.inject({ url: '/api/me', headers: { cookie: adminCookie } })).json().id;
  assessor = await t.createSignedInUser('assessor', 'Ana Assessora');
});
afterAll(() => t.close());

const asAdmin = () => ({ origin: testOrigin, cookie: adminCookie });

let phoneCounter = 30_000_000;
const uniquePhone = () => `+55219${++phoneCounter}`;

async function seedBatch(fileName = 'lote.csv', source = 'Planilha') {
  const row = await t.database.db
    .insertInto('import_batches')
    .values({
      file_name: fileName,
      file_size: 100,
      format: 'csv',
      source,
      mapping: {},
      status: 'done',
      created_by: adminId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function seedLead(values: Partial<Insertable<LeadsTable>> = {}) {
  const row = await t.database.db
    .insertInto('leads')
    .values({ name: 'Lead Teste', phone: uniquePhone(), ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function list(query: string) {
  const response = await t.app.inject({ url: `/api/leads?${query}`, headers: asAdmin() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    leads: { id: number; name: string | null; ownerName: string | null; erased: boolean }[];
    nextCursor: string | null;
  };
}

const ids = async (query: string) => (await list(query)).leads.map((lead) => lead.id);

async function bulk(target: unknown, operation: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/leads/bulk',
    headers: asAdmin(),
    payload: { target, operation },
  });
}

describe('GET /api/leads: search', () => {
  let batch: number;
  let conceicao: number;
  let phoneLead: number;
  let emailLead: number;
  let cpfLead: number;
  beforeAll(async () => {
    batch = await seedBatch();
    conceicao = await seedLead({ name: 'Maria da Conceição Araújo', batch_id: batch });
    phoneLead = await seedLead({ name: 'Pedro', phone: '+5511987654321', batch_id: batch });
    emailLead = await seedLead({ name: 'Bia', email: 'bia.souza@exemplo.com.br', batch_id: batch });
    cpfLead = await seedLead({ name: 'Caio', cpf: '52998224725', batch_id: batch });
  });

  it('finds a name by a fragment with accents, in any case', async () => {
    expect(await ids(`q=${encodeURIComponent('conceição ara')}`)).toEqual([conceicao]);
    expect(await ids(`q=${encodeURIComponent('%')}&batch=${batch}`)).toEqual([]);
  });

  it('finds a name after a rename, and no longer after an erasure or a deletion', async () => {
    const renamed = await seedLead({ name: 'Otília Antiga' });
    const gone = await seedLead({ name: 'Otília Removida' });
    const renaming = await t.app.inject({
      method: 'PATCH',
      url: `/api/leads/${renamed}`,
      headers: asAdmin(),
      payload: { name: 'Otília Nova' },
    });
    expect(renaming.statusCode, renaming.body).toBe(200);
    expect(await ids('q=Ot%C3%ADlia')).toEqual([gone, renamed]);
    expect(await ids('q=Antiga')).toEqual([]);
    expect(await ids('q=Nova')).toEqual([renamed]);

    expect((await bulk({ ids: [renamed] }, { action: 'erase' })).statusCode).toBe(200);
    await t.database.db.deleteFrom('leads').where('id', '=', gone).execute();
    expect(await ids('q=Ot%C3%ADlia')).toEqual([]);
    const names = await t.database.db
      .selectFrom('lead_names')
      .select('lead_id')
      .where('lead_id', 'in', [renamed, gone])
      .execute();
    expect(names).toEqual([]);
  });

  it('finds a phone typed in another spelling, or a piece of it', async () => {
    expect(await ids(`q=${encodeURIComponent('(11) 98765-4321')}`)).toEqual([phoneLead]);
    expect(await ids(`q=${encodeURIComponent('011 9 8765 4321')}`)).toEqual([phoneLead]);
    expect(await ids(`q=${encodeURIComponent('98765-43')}`)).toEqual([phoneLead]);
  });

  it('finds an e-mail typed in another case and a CPF with punctuation', async () => {
    expect(await ids(`q=${encodeURIComponent('Bia.Souza@EXEMPLO.com.br')}`)).toEqual([emailLead]);
    expect(await ids(`q=${encodeURIComponent('529.982.247-25')}`)).toEqual([cpfLead]);
  });
});

describe('GET /api/leads: filters and paging', () => {
  it('filters by one or many statuses, assessor, batch and São Paulo dates', async () => {
    const batch = await seedBatch();
    const other = await seedBatch();
    const fresh = await seedLead({ batch_id: batch, created_at: new Date('2026-01-10T02:30:00Z') });
    const owned = await seedLead({
      batch_id: batch,
      status: 'assigned',
      owner_id: assessor.id,
      assigned_at: new Date(),
      created_at: new Date('2026-01-10T03:30:00Z'),
    });
    const refused = await seedLead({
      batch_id: batch,
      status: 'red',
      owner_id: assessor.id,
      created_at: new Date('2026-01-11T12:00:00Z'),
    });
    await seedLead({ batch_id: other });

    expect(await ids(`batch=${batch}`)).toEqual([refused, owned, fresh]);
    expect(await ids(`batch=${batch}&status=new`)).toEqual([fresh]);
    expect(await ids(`batch=${batch}&status=new&status=red`)).toEqual([refused, fresh]);
    expect(await ids(`batch=${batch}&assessor=${assessor.id}`)).toEqual([refused, owned]);
    // 02:30 UTC on the 10th is still the 9th in São Paulo (UTC−3).
    expect(await ids(`batch=${batch}&createdTo=2026-01-09`)).toEqual([fresh]);
    expect(await ids(`batch=${batch}&createdFrom=2026-01-10&createdTo=2026-01-10`)).toEqual([
      owned,
    ]);
    const page = await list(`batch=${batch}&assessor=${assessor.id}`);
    expect(page.leads[0]?.ownerName).toBe('Ana Assessora');
    expect(
      (await t.app.inject({ url: '/api/leads?status=talvez', headers: asAdmin() })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ url: '/api/leads?cursor=xyz', headers: asAdmin() })).statusCode,
    ).toBe(400);
  });

  it('pages by cursor with every row exactly once while leads are being added', async () => {
    const batch = await seedBatch();
    const initial: number[] = [];
    for (let index = 0; index < 53; index++) initial.push(await seedLead({ batch_id: batch }));
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(
        `batch=${batch}&limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.leads.map((lead) => lead.id));
      cursor = page.nextCursor;
      pages++;
      // New leads arrive between page fetches: they belong before the first page, not in it.
      await seedLead({ batch_id: batch });
      await seedLead({ batch_id: batch });
    } while (cursor);
    expect(pages).toBe(6);
    expect(seen).toEqual([...initial].reverse());
    expect(new Set(seen).size).toBe(53);
  });
});

describe('GET and PATCH /api/leads/{id}', () => {
  it('answers the lead with its whole history and its calls, oldest first', async () => {
    const id = await seedLead({
      name: 'Rita',
      status: 'green',
      owner_id: assessor.id,
      extra: { Profissão: 'Professora' },
    });
    await t.database.db
      .insertInto('lead_history')
      .values([
        {
          lead_id: id,
          changed_by: adminId,
          from_status: 'new',
          to_status: 'assigned',
          to_owner_id: assessor.id,
          reason: 'Distribuição',
        },
        {
          lead_id: id,
          changed_by: assessor.id,
          from_status: 'assigned',
          to_status: 'green',
          from_owner_id: assessor.id,
          to_owner_id: assessor.id,
          reason: 'Ligação',
        },
      ])
      .execute();
    await t.database.db
      .insertInto('lead_attempts')
      .values({
        lead_id: id,
        assessor_id: assessor.id,
        outcome: 'green',
        channel: 'whatsapp',
        note: 'Aceitou',
      })
      .execute();
    const response = await t.app.inject({ url: `/api/leads/${id}`, headers: asAdmin() });
    expect(response.statusCode).toBe(200);
    const lead = response.json();
    expect(lead).toMatchObject({
      id,
      name: 'Rita',
      status: 'green',
      ownerName: 'Ana Assessora',
      extra: { Profissão: 'Professora' },
    });
    expect(lead.history).toMatchObject([
      {
        changedByName: 'Admin Teste',
        fromStatus: 'new',
        toStatus: 'assigned',
        toOwnerName: 'Ana Assessora',
        reason: 'Distribuição',
      },
      { changedByName: 'Ana Assessora', toStatus: 'green', reason: 'Ligação' },
    ]);
    expect(lead.calls).toMatchObject([
      { assessorName: 'Ana Assessora', outcome: 'green', channel: 'whatsapp', note: 'Aceitou' },
    ]);
    expect((await t.app.inject({ url: '/api/leads/999999', headers: asAdmin() })).statusCode).toBe(
      404,
    );
  });

  it('corrects the data, normalising phone, CPF and e-mail', async () => {
    const id = await seedLead({ name: 'Nome Errado' });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/leads/${id}`,
      headers: asAdmin(),
      payload: {
        name: 'Nome Certo',
        phone: '(21) 99876-1234',
        cpf: '529.982.247-25',
        email: 'X@Y.com',
        uf: 'rj',
        city: '',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Nome Certo',
      phone: '+5521998761234',
      phoneRaw: '(21) 99876-1234',
      cpf: '52998224725',
      email: 'x@y.com',
      uf: 'RJ',
      city: null,
    });
  });

  it.each([
    [{ phone: '1234' }, 400],
    [{ cpf: '111.111.111-11' }, 400],
    [{ email: 'não é e-mail' }, 400],
    [{ status: 'green' }, 400],
    [{ ownerId: 'alguém' }, 400],
    [{}, 400],
  ])('refuses %j and changes nothing', async (payload, status) => {
    const id = await seedLead({ name: 'Intocado' });
    const before = await t.database.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/leads/${id}`,
      headers: asAdmin(),
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe('BAD_REQUEST');
    const after = await t.database.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('refuses a phone another lead has with 409, and an erased lead', async () => {
    await seedLead({ phone: '+5511912345678' });
    const id = await seedLead();
    const taken = await t.app.inject({
      method: 'PATCH',
      url: `/api/leads/${id}`,
      headers: asAdmin(),
      payload: { phone: '11 91234-5678' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Já existe um lead com esse telefone.');
    const erased = await seedLead({
      name: null,
      phone: null,
      erased_at: new Date(),
      status: 'do_not_call',
    });
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/leads/${erased}`,
      headers: asAdmin(),
      payload: { name: 'Volta' },
    });
    expect(refused.statusCode).toBe(409);
  });
});

async function historyOf(id: number) {
  return t.database.db
    .selectFrom('lead_history')
    .selectAll()
    .where('lead_id', '=', id)
    .orderBy('id')
    .execute();
}

async function leadRow(id: number) {
  return t.database.db
    .selectFrom('leads')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('POST /api/leads/bulk', () => {
  it('returns chosen leads to the pool, skipping those it does not apply to', async () => {
    const red = await seedLead({ status: 'red', owner_id: assessor.id });
    const yellow = await seedLead({
      status: 'yellow',
      owner_id: assessor.id,
      callback_at: new Date(),
    });
    const fresh = await seedLead();
    const blocked = await seedLead({ status: 'do_not_call' });
    const response = await bulk({ ids: [red, yellow, fresh, blocked] }, { action: 'returnToPool' });
    expect(response.json()).toEqual({ affected: 2, skipped: 2 });
    for (const id of [red, yellow]) {
      expect(await leadRow(id)).toMatchObject({
        status: 'new',
        owner_id: null,
        callback_at: null,
        last_owner_id: assessor.id,
      });
      expect(await historyOf(id)).toMatchObject([
        {
          changed_by: adminId,
          to_status: 'new',
          from_owner_id: assessor.id,
          to_owner_id: null,
          reason: 'Devolvido ao pool',
        },
      ]);
    }
    expect((await leadRow(blocked)).status).toBe('do_not_call');
    expect(await historyOf(fresh)).toEqual([]);
  });

  it('reassigns a whole filter to an active assessor, and refuses an inactive one', async () => {
    const batch = await seedBatch();
    const other = await t.createSignedInUser('assessor', 'Bruno');
    const fresh = await seedLead({ batch_id: batch });
    const mine = await seedLead({ batch_id: batch, status: 'no_answer', owner_id: assessor.id });
    const invalid = await seedLead({ batch_id: batch, status: 'invalid' });
    const response = await bulk(
      { filter: { batch } },
      { action: 'reassign', assessorId: other.id },
    );
    expect(response.json()).toEqual({ affected: 2, skipped: 1 });
    expect(await leadRow(mine)).toMatchObject({
      status: 'assigned',
      owner_id: other.id,
      last_owner_id: assessor.id,
    });
    expect((await leadRow(mine)).assigned_at).not.toBeNull();
    expect(await historyOf(fresh)).toMatchObject([
      { from_status: 'new', to_status: 'assigned', to_owner_id: other.id, reason: 'Redistribuído' },
    ]);
    expect((await leadRow(invalid)).owner_id).toBeNull();

    const inactive = await t.createSignedInUser('assessor', 'Inativo');
    await t.database.db
      .updateTable('users')
      .set({ active: false })
      .where('id', '=', inactive.id)
      .execute();
    const refused = await bulk(
      { filter: { batch } },
      { action: 'reassign', assessorId: inactive.id },
    );
    expect(refused.statusCode).toBe(400);
    expect(
      (await bulk({ ids: [fresh] }, { action: 'reassign', assessorId: 'ninguem' })).statusCode,
    ).toBe(404);
    expect(
      (await bulk({ ids: [fresh] }, { action: 'reassign', assessorId: adminId })).statusCode,
    ).toBe(400);
    expect((await leadRow(fresh)).owner_id).toBe(other.id);
  });

  it('marks do-not-call on ids and on a filter, blocking the phones', async () => {
    const batch = await seedBatch();
    const a = await seedLead({ batch_id: batch, status: 'assigned', owner_id: assessor.id });
    const b = await seedLead({ batch_id: batch });
    const c = await seedLead();
    expect((await bulk({ ids: [c] }, { action: 'doNotCall' })).json()).toEqual({
      affected: 1,
      skipped: 0,
    });
    expect((await bulk({ filter: { batch } }, { action: 'doNotCall' })).json()).toEqual({
      affected: 2,
      skipped: 0,
    });
    expect((await bulk({ filter: { batch } }, { action: 'doNotCall' })).json()).toEqual({
      affected: 0,
      skipped: 2,
    });
    for (const id of [a, b, c]) {
      const row = await leadRow(id);
      expect(row).toMatchObject({ status: 'do_not_call', owner_id: null });
      const blocked = await t.database.db
        .selectFrom('do_not_call')
        .selectAll()
        .where('phone', '=', row.phone as string)
        .executeTakeFirst();
      expect(blocked).toMatchObject({ created_by: adminId, reason: 'Marcado como não ligar' });
      expect(await historyOf(id)).toMatchObject([
        { to_status: 'do_not_call', reason: 'Marcado como não ligar' },
      ]);
    }
  });

  it('erases personal data for LGPD: counts kept, phone not blocked, never searched nor exported', async () => {
    const batch = await seedBatch();
    const id = await seedLead({
      batch_id: batch,
      name: 'Zé Apagável',
      phone: '+5531988887777',
      phone_raw: '31 98888-7777',
      email: 'ze@apagar.com',
      cpf: '52998224725',
      city: 'Belo Horizonte',
      notes: 'nota',
      extra: { Mãe: 'Joana' },
      status: 'red',
      owner_id: assessor.id,
      attempts: 3,
      recycles: 1,
    });
    await t.database.db
      .insertInto('lead_attempts')
      .values({
        lead_id: id,
        assessor_id: assessor.id,
        outcome: 'red',
        channel: 'phone',
        note: 'falou do Zé',
      })
      .execute();
    const kept = await seedLead({ batch_id: batch, name: 'Fica' });
    expect((await bulk({ ids: [id] }, { action: 'erase' })).json()).toEqual({
      affected: 1,
      skipped: 0,
    });
    expect(await leadRow(id)).toMatchObject({
      name: null,
      phone: null,
      phone_raw: null,
      email: null,
      cpf: null,
      city: null,
      notes: null,
      extra: {},
      attempts: 3,
      recycles: 1,
      status: 'do_not_call',
    });
    expect(await historyOf(id)).toMatchObject([
      { from_status: 'red', to_status: 'do_not_call', reason: 'Dados apagados (LGPD)' },
    ]);
    const call = await t.database.db
      .selectFrom('lead_attempts')
      .select('note')
      .where('lead_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(call.note).toBeNull();
    const blocked = await t.database.db
      .selectFrom('do_not_call')
      .selectAll()
      .where('phone', '=', '+5531988887777')
      .executeTakeFirst();
    // The block list would otherwise keep the very phone being erased.
    expect(blocked).toBeUndefined();

    const page = await list(`batch=${batch}`);
    expect(page.leads.find((lead) => lead.id === id)).toMatchObject({ name: null, erased: true });
    expect(await ids(`q=${encodeURIComponent('Zé Apagável')}`)).toEqual([]);
    expect(await ids(`q=${encodeURIComponent('31 98888-7777')}`)).toEqual([]);
    const csv = await t.app.inject({ url: `/api/leads/export?batch=${batch}`, headers: asAdmin() });
    expect(csv.body.trim().split('\r\n')).toHaveLength(2);
    expect(csv.body).toContain('Fica');
    expect((await bulk({ ids: [id, kept] }, { action: 'erase' })).json()).toEqual({
      affected: 1,
      skipped: 1,
    });
    const detail = await t.app.inject({ url: `/api/leads/${id}`, headers: asAdmin() });
    expect(detail.json()).toMatchObject({ erased: true, name: null, extra: {} });
  });
});

describe('GET /api/leads/export', () => {
  let batch: number;
  beforeAll(async () => {
    batch = await seedBatch('março.csv', 'Feirão');
    await seedLead({
      batch_id: batch,
      name: '=HYPERLINK("http://mal.example","clique")',
      phone: '+5511987650001',
      cpf: '52998224725',
      city: '+cidade',
      uf: 'SP',
      status: 'assigned',
      owner_id: assessor.id,
      source: '@origem',
      attempts: 2,
      created_at: new Date('2026-03-01T15:04:00Z'),
    });
    await seedLead({
      batch_id: batch,
      name: 'João; "o Bom"',
      phone: '+5511987650002',
      created_at: new Date('2026-03-02T02:00:00Z'),
    });
  });

  it('streams CSV for Excel in Brazil: BOM, ;, CRLF, labels, local dates, formulas neutralised', async () => {
    const response = await t.app.inject({
      url: `/api/leads/export?format=csv&batch=${batch}`,
      headers: asAdmin(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}-\d{4}\.csv"$/,
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Nome;Telefone;E-mail;CPF;Cidade;UF;Status;Assessor;Lote;Origem;Tentativas;Reciclagens;Criado em',
    );
    expect(lines[1]).toBe(
      '"João; ""o Bom""";(11) 98765-0002;;;;;Novo;;março.csv;;0;0;01/03/2026 23:00',
    );
    expect(lines[2]).toBe(
      `"'=HYPERLINK(""http://mal.example"",""clique"")";(11) 98765-0001;;529.982.247-25;'+cidade;SP;Distribuído;Ana Assessora;março.csv;'@origem;2;0;01/03/2026 12:04`,
    );
    expect(lines[3]).toBe('');
  });

  it('streams XLSX that exceljs reads back', async () => {
    const response = await t.app.inject({
      url: `/api/leads/export?format=xlsx&batch=${batch}`,
      headers: asAdmin(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Leads');
    expect(sheet?.getRow(1).getCell(1).value).toBe('Nome');
    expect(sheet?.getRow(3).getCell(1).value).toBe('\'=HYPERLINK("http://mal.example","clique")');
    expect(sheet?.getRow(3).getCell(7).value).toBe('Distribuído');
    expect(sheet?.getRow(3).getCell(11).value).toBe(2);
    expect(sheet?.rowCount).toBe(3);
  });
});

describe('GET /api/leads/new-summary', () => {
  it('counts new leads per batch and source and tells which batches are all new', async () => {
    const untouched = await seedBatch('intocado.csv', 'Site');
    const touched = await seedBatch('mexido.csv', 'Indicação');
    await seedLead({ batch_id: untouched, source: 'Site' });
    await seedLead({ batch_id: untouched, source: 'Site' });
    await seedLead({ batch_id: touched, source: 'Indicação' });
    await seedLead({
      batch_id: touched,
      source: 'Indicação',
      status: 'assigned',
      owner_id: assessor.id,
    });
    const response = await t.app.inject({ url: '/api/leads/new-summary', headers: asAdmin() });
    expect(response.statusCode).toBe(200);
    const summary = response.json();
    const newCount = await t.database.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'new')
      .executeTakeFirstOrThrow();
    expect(summary.total).toBe(newCount.n);
    expect(summary.byBatch).toContainEqual(
      expect.objectContaining({
        batchId: untouched,
        fileName: 'intocado.csv',
        count: 2,
        allNew: true,
      }),
    );
    expect(summary.byBatch).toContainEqual(
      expect.objectContaining({ batchId: touched, count: 1, allNew: false }),
    );
    expect(summary.bySource).toContainEqual({ source: 'Site', count: 2 });
  });
});

describe('access', () => {
  it('refuses assessors on every lead route with 403', async () => {
    const headers = { origin: testOrigin, cookie: assessor.cookie };
    const id = await seedLead();
    for (const [method, url] of [
      ['GET', '/api/leads'],
      ['GET', `/api/leads/${id}`],
      ['GET', `/api/leads/${id}/personal-data`],
      ['PATCH', `/api/leads/${id}`],
      ['POST', '/api/leads/bulk'],
      ['GET', '/api/leads/export'],
      ['GET', '/api/leads/new-summary'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers,
        payload: method === 'GET' ? undefined : { name: 'x' },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('neutraliseCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+55 11', "'+55 11"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['Maria', 'Maria'],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(neutraliseCell(input)).toBe(output);
  });
});
