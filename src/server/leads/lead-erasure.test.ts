import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { leadPersonalDataSchema } from '../../core/leads.ts';
import { type Person, setUpPersonalDataTestApp } from './fixtures/personal-data-test-app.ts';

const { context, seedBatch, seedAcceptedLead, personalDataOf } = setUpPersonalDataTestApp();

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
  outsideWindowReason: 'Pediu para ligar às 21h, depois do trabalho',
};

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
  'depois do trabalho',
];

function expectNoPersonalData(text: string, where: string) {
  for (const value of personalValues) expect(text, `${where}: ${value}`).not.toContain(value);
}

async function xlsxText(url: string): Promise<string> {
  const response = await context.t.as(context.admin).get(url);
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

describe('erasure (LGPD)', () => {
  let batchId: number;
  let erased: number;

  beforeAll(async () => {
    batchId = (await seedBatch()).id;
    erased = await seedAcceptedLead(batchId, joaquina);
    // A neighbour in the same batch shows each list and export still works.
    await context.t.seedLeads(1, { batch_id: batchId, name: 'Vizinho Mantido' });
    const response = await context.t
      .as(context.admin)
      .post('/api/leads/bulk', { target: { ids: [erased] }, operation: { action: 'erase' } });
    expect(response.json()).toEqual({ affected: 1, skipped: 0 });
  });

  it('leaves no personal data in the row, in lead_names or in the calls (note, phone, name)', async () => {
    const row = await context.t.database.db
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
    const names = await context.t.database.db
      .selectFrom('lead_names')
      .selectAll()
      .where('lead_id', '=', erased)
      .execute();
    expect(names).toEqual([]);
    const calls = await context.t.database.db
      .selectFrom('lead_attempts')
      .select(['note', 'lead_phone', 'lead_name', 'outside_window_reason'])
      .where('lead_id', '=', erased)
      .execute();
    expect(calls).toEqual([
      { note: null, lead_phone: null, lead_name: null, outside_window_reason: null },
    ]);
  });

  it('does not put the phone on the block list', async () => {
    const blocked = await context.t.database.db
      .selectFrom('do_not_call')
      .select('phone')
      .where('phone', '=', '+5531988887777')
      .execute();
    expect(blocked).toEqual([]);
  });

  it('keeps a phone that was on the block list before the erasure', async () => {
    const [id] = await context.t.seedLeads(1, { phone: '+5541977776666', name: 'Já Bloqueado' });
    const added = await context.t
      .as(context.admin)
      .post('/api/do-not-call', { phone: '+5541977776666', reason: 'Pediu para não ligar' });
    expect(added.statusCode, added.body).toBe(201);
    const erasing = await context.t
      .as(context.admin)
      .post('/api/leads/bulk', { target: { ids: [id] }, operation: { action: 'erase' } });
    expect(erasing.json()).toEqual({ affected: 1, skipped: 0 });
    const blocked = await context.t.database.db
      .selectFrom('do_not_call')
      .select(['phone', 'reason'])
      .where('phone', '=', '+5541977776666')
      .execute();
    expect(blocked).toEqual([{ phone: '+5541977776666', reason: 'Pediu para não ligar' }]);
  });

  it('is out of the lead list and of every search', async () => {
    const list = await context.t.as(context.admin).get(`/api/leads?batch=${batchId}`);
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
      const search = await context.t.as(context.admin).get(`/api/leads?q=${encodeURIComponent(q)}`);
      expect(search.json().leads, q).toEqual([]);
    }
  });

  it('is out of the CSV and XLSX exports of leads', async () => {
    const csv = await context.t
      .as(context.admin)
      .get(`/api/leads/export?batch=${batchId}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Vizinho Mantido');
    expectNoPersonalData(csv.body, 'CSV de leads');
    const xlsx = await xlsxText(`/api/leads/export?batch=${batchId}&format=xlsx`);
    expect(xlsx).toContain('Vizinho Mantido');
    expectNoPersonalData(xlsx, 'XLSX de leads');
  });

  it('is out of the follow-up page and its export', async () => {
    const page = await context.t.as(context.admin).get('/api/follow-up');
    expect(page.statusCode).toBe(200);
    expect(page.json().leads.map((lead: { id: number }) => lead.id)).not.toContain(erased);
    expectNoPersonalData(page.body, 'acompanhar');
    const csv = await context.t.as(context.admin).get('/api/follow-up/export');
    expectNoPersonalData(csv.body, 'CSV de acompanhar');
  });

  it('leaves the call record without the lead’s data or the note, in the list and the exports', async () => {
    const calls = await context.t.as(context.admin).get('/api/attempts');
    expect(calls.statusCode).toBe(200);
    expect(calls.body).toContain('Ana Assessora');
    expectNoPersonalData(calls.body, 'ligações');
    const csv = await context.t.as(context.admin).get('/api/attempts/export?format=csv');
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
