import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadPersonalDataSchema } from '../../core/leads.ts';
import { createTestApp, type TestApp, type TestUser, testOrigin } from '../testing/test-app.ts';

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

async function seedBatch() {
  const row = await t.database.db
    .insertInto('import_batches')
    .values({
      file_name: 'clientes-março.csv',
      file_size: 100,
      format: 'csv',
      source: 'Planilha',
      mapping: {},
      status: 'done',
      created_by: adminId,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return row;
}

interface Person {
  name: string;
  phone: string;
  phoneRaw: string;
  email: string;
  cpf: string;
  city: string;
  notes: string;
  mother: string;
  callNote: string;
}

/** The person the erasure suite erases: none of these values may be seen afterwards. */
const joaquina: Person = {
  name: 'Joaquina Pereira Apagável',
  phone: '+5531988887777',
  phoneRaw: '31 98888-7777',
  email: 'joaquina@exemplo.com.br',
  cpf: '52998224725',
  city: 'Belo Horizonte',
  notes: 'Prefere ligação à tarde',
  mother: 'Rita Pereira',
  callNote: 'Joaquina quer o plano família',
};

const bento: Person = {
  name: 'Bento Carvalho',
  phone: '+5521977776666',
  phoneRaw: '(21) 97777-6666',
  email: 'bento@exemplo.com.br',
  cpf: '11144477735',
  city: 'Niterói',
  notes: 'Cliente antigo',
  mother: 'Lúcia Carvalho',
  callNote: 'Bento pediu a proposta por e-mail',
};

let phoneCounter = 40_000_000;

/** A lead with every kind of personal data, handed to the assessor, who accepted it on a call. */
async function seedAcceptedLead(batchId: number, person: Person, phone = person.phone) {
  const [id] = await t.seedLeads(1, {
    batch_id: batchId,
    name: person.name,
    phone,
    phone_raw: person.phoneRaw,
    email: person.email,
    cpf: person.cpf,
    city: person.city,
    uf: 'MG',
    notes: person.notes,
    extra: { 'Nome da mãe': person.mother },
    source: 'Planilha',
    status: 'assigned',
    owner_id: assessor.id,
    assigned_at: new Date(),
  });
  const call = await t.app.inject({
    method: 'POST',
    url: `/api/leads/${id}/attempts`,
    headers: { origin: testOrigin, cookie: assessor.cookie },
    payload: { outcome: 'green', note: person.callNote },
  });
  expect(call.statusCode, call.body).toBe(201);
  return id as number;
}

const personalDataOf = (id: number, cookie = adminCookie) =>
  t.app.inject({
    url: `/api/leads/${id}/personal-data`,
    headers: { origin: testOrigin, cookie },
  });

const personalValues = [
  'Joaquina',
  'Pereira',
  '5531988887777',
  '98888-7777',
  '98888',
  'joaquina@',
  '52998224725',
  '529.982.247-25',
  'Belo Horizonte',
  'Prefere ligação',
  'Rita',
  'plano família',
];

function expectNoPersonalData(text: string, where: string) {
  for (const value of personalValues) expect(text, `${where}: ${value}`).not.toContain(value);
}

async function xlsxText(url: string): Promise<string> {
  const response = await t.app.inject({ url, headers: asAdmin() });
  expect(response.statusCode, response.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(String(cell.value));
      });
    }),
  );
  return cells.join('\n');
}

describe('GET /api/leads/{id}/personal-data', () => {
  it('answers everything held about the lead as a JSON download', async () => {
    const batch = await seedBatch();
    const id = await seedAcceptedLead(batch.id, bento);
    await t.database.db
      .insertInto('do_not_call')
      .values({ phone: bento.phone, reason: 'Pediu', created_by: adminId })
      .execute();

    const response = await personalDataOf(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="lead-${id}-dados-pessoais.json"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const document = leadPersonalDataSchema.parse(response.json());
    expect(document.lead).toMatchObject({
      id,
      name: bento.name,
      phone: bento.phone,
      phoneRaw: bento.phoneRaw,
      email: bento.email,
      cpf: bento.cpf,
      city: bento.city,
      uf: 'MG',
      notes: bento.notes,
      extra: { 'Nome da mãe': bento.mother },
      status: 'green',
      ownerName: 'Ana Assessora',
      erased: false,
      erasedAt: null,
    });
    expect(document.batch).toEqual({
      id: batch.id,
      fileName: 'clientes-março.csv',
      source: 'Planilha',
      createdAt: batch.created_at.toISOString(),
    });
    expect(document.history).toMatchObject([
      { fromStatus: 'assigned', toStatus: 'green', changedByName: 'Ana Assessora' },
    ]);
    expect(document.calls).toMatchObject([
      {
        assessorName: 'Ana Assessora',
        outcome: 'green',
        channel: 'phone',
        note: bento.callNote,
      },
    ]);
    expect(document.blockList).toMatchObject({ blocked: true, reason: 'Pediu' });
    expect(Date.parse(document.exportedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('says when the phone is not on the block list and when there is no batch', async () => {
    const [id] = await t.seedLeads(1, { name: 'Sem Lote' });
    const document = leadPersonalDataSchema.parse((await personalDataOf(id as number)).json());
    expect(document.batch).toBeNull();
    expect(document.blockList).toEqual({ blocked: false, reason: null, blockedAt: null });
    expect(document.history).toEqual([]);
    expect(document.calls).toEqual([]);
  });

  it('answers 404 for an unknown lead and 400 for a malformed id', async () => {
    const unknown = await personalDataOf(987_654_321);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Lead não encontrado.');
    expect((await personalDataOf('abc' as unknown as number)).statusCode).toBe(400);
  });

  it('is for administrators only: the lead’s own assessor and another get 403', async () => {
    const batch = await seedBatch();
    const id = await seedAcceptedLead(batch.id, bento, `+55219${++phoneCounter}`);
    const other = await t.createSignedInUser('assessor', 'Outro Assessor');
    for (const cookie of [assessor.cookie, other.cookie]) {
      const response = await personalDataOf(id, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain(bento.name);
    }
    const anonymous = await t.app.inject({ url: `/api/leads/${id}/personal-data` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('erasure (LGPD)', () => {
  let batchId: number;
  let erased: number;

  beforeAll(async () => {
    batchId = (await seedBatch()).id;
    erased = await seedAcceptedLead(batchId, joaquina);
    // A neighbour in the same batch shows each list and export still works.
    await t.seedLeads(1, { batch_id: batchId, name: 'Vizinho Mantido' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads/bulk',
      headers: asAdmin(),
      payload: { target: { ids: [erased] }, operation: { action: 'erase' } },
    });
    expect(response.json()).toEqual({ affected: 1, skipped: 0 });
  });

  it('leaves no personal data in the row, in lead_names or in the call notes', async () => {
    const row = await t.database.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', erased)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: null,
      phone: null,
      phone_raw: null,
      email: null,
      cpf: null,
      city: null,
      notes: null,
      last_note: null,
      extra: {},
      status: 'do_not_call',
      owner_id: null,
    });
    expect(row.erased_at).not.toBeNull();
    const names = await t.database.db
      .selectFrom('lead_names')
      .selectAll()
      .where('lead_id', '=', erased)
      .execute();
    expect(names).toEqual([]);
    const calls = await t.database.db
      .selectFrom('lead_attempts')
      .select('note')
      .where('lead_id', '=', erased)
      .execute();
    expect(calls).toEqual([{ note: null }]);
  });

  it('does not put the phone on the block list', async () => {
    const blocked = await t.database.db
      .selectFrom('do_not_call')
      .select('phone')
      .where('phone', '=', '+5531988887777')
      .execute();
    expect(blocked).toEqual([]);
  });

  it('keeps a phone that was on the block list before the erasure', async () => {
    const [id] = await t.seedLeads(1, { phone: '+5541977776666', name: 'Já Bloqueado' });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/do-not-call',
      headers: asAdmin(),
      payload: { phone: '+5541977776666', reason: 'Pediu para não ligar' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const erasing = await t.app.inject({
      method: 'POST',
      url: '/api/leads/bulk',
      headers: asAdmin(),
      payload: { target: { ids: [id] }, operation: { action: 'erase' } },
    });
    expect(erasing.json()).toEqual({ affected: 1, skipped: 0 });
    const blocked = await t.database.db
      .selectFrom('do_not_call')
      .select(['phone', 'reason'])
      .where('phone', '=', '+5541977776666')
      .execute();
    expect(blocked).toEqual([{ phone: '+5541977776666', reason: 'Pediu para não ligar' }]);
  });

  it('is out of the lead list and of every search', async () => {
    const list = await t.app.inject({ url: `/api/leads?batch=${batchId}`, headers: asAdmin() });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Vizinho Mantido');
    expectNoPersonalData(list.body, 'lista');
    expect(list.json().leads).toContainEqual(
      expect.objectContaining({ id: erased, name: null, phone: null, erased: true }),
    );
    for (const q of [
      'Joaquina',
      '(31) 98888-7777',
      '98888-77',
      'joaquina@exemplo.com.br',
      '529.982.247-25',
    ]) {
      const search = await t.app.inject({
        url: `/api/leads?q=${encodeURIComponent(q)}`,
        headers: asAdmin(),
      });
      expect(search.json().leads, q).toEqual([]);
    }
  });

  it('is out of the CSV and XLSX exports of leads', async () => {
    const csv = await t.app.inject({
      url: `/api/leads/export?batch=${batchId}&format=csv`,
      headers: asAdmin(),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Vizinho Mantido');
    expectNoPersonalData(csv.body, 'CSV de leads');
    const xlsx = await xlsxText(`/api/leads/export?batch=${batchId}&format=xlsx`);
    expect(xlsx).toContain('Vizinho Mantido');
    expectNoPersonalData(xlsx, 'XLSX de leads');
  });

  it('is out of the follow-up page and its export', async () => {
    const page = await t.app.inject({ url: '/api/follow-up', headers: asAdmin() });
    expect(page.statusCode).toBe(200);
    expect(page.json().leads.map((lead: { id: number }) => lead.id)).not.toContain(erased);
    expectNoPersonalData(page.body, 'acompanhar');
    const csv = await t.app.inject({ url: '/api/follow-up/export', headers: asAdmin() });
    expectNoPersonalData(csv.body, 'CSV de acompanhar');
  });

  it('leaves the call record without the lead’s data or the note, in the list and the exports', async () => {
    const calls = await t.app.inject({ url: '/api/attempts', headers: asAdmin() });
    expect(calls.statusCode).toBe(200);
    expect(calls.body).toContain('Ana Assessora');
    expectNoPersonalData(calls.body, 'ligações');
    const csv = await t.app.inject({ url: '/api/attempts/export?format=csv', headers: asAdmin() });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Ana Assessora');
    expectNoPersonalData(csv.body, 'CSV de ligações');
    expectNoPersonalData(await xlsxText('/api/attempts/export?format=xlsx'), 'XLSX de ligações');
  });

  it('answers what is left in the personal-data export: counts and history, no personal data', async () => {
    const response = await personalDataOf(erased);
    expect(response.statusCode).toBe(200);
    expectNoPersonalData(response.body, 'dados pessoais');
    const document = leadPersonalDataSchema.parse(response.json());
    expect(document.lead).toMatchObject({
      id: erased,
      name: null,
      phone: null,
      extra: {},
      erased: true,
      attempts: 1,
    });
    expect(document.lead.erasedAt).not.toBeNull();
    expect(document.blockList).toEqual({ blocked: null, reason: null, blockedAt: null });
    expect(document.history.map((entry) => entry.reason)).toContain('Dados apagados (LGPD)');
    expect(document.calls).toMatchObject([{ outcome: 'green', note: null }]);
  });
});
