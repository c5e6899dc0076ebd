import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  excelCsv,
  leadFileHeader,
  postForm,
  startTestImportWorker,
  waitForBatch,
} from '../imports/fixtures/import-fixtures.ts';
import type { ImportWorker } from '../imports/index.ts';
import { bearer, createTestToken } from '../testing/test-tokens.ts';
import { webhookRequests } from '../webhooks/fixtures/webhook-test-app.ts';
import { setUpLeadTestApp } from './fixtures/lead-test-app.ts';

const { context } = setUpLeadTestApp();
let importWorker: ImportWorker;

/** The person erased, with two numbers: one from a file, one sent by another system. */
const person = {
  name: 'Zuleica Brandão Rastreável',
  phone: '+5561981234567',
  phoneInFile: '(61) 98123-4567',
  otherPhone: '+5561997654321',
  otherPhoneSent: '61 99765-4321',
  email: 'zuleica.rastro@exemplo.com.br',
  cpf: '39053344705',
  cpfInFile: '390.533.447-05',
};

/** Every spelling of the person's data that may be kept: none may be left after the erasure. */
const searched = [
  person.name,
  'Rastreável',
  // E.164 and the digits as a file writes them: '61981234567' is in '+5561981234567' too.
  '61981234567',
  '98123-4567',
  '61997654321',
  '99765-4321',
  person.email,
  person.cpf,
  person.cpfInFile,
];

/**
 * Every column of every table that can hold text (text, varchar, char, json, jsonb and arrays
 * of text), read from the catalogue: a table added later is searched without editing this.
 */
async function textColumns() {
  const result = await sql<{ schema: string; table: string; column: string }>`
    select c.table_schema as schema, c.table_name as "table", c.column_name as column
    from information_schema.columns c
    join information_schema.tables t
      on t.table_schema = c.table_schema and t.table_name = c.table_name
    where t.table_type = 'BASE TABLE'
      and c.table_schema not in ('pg_catalog', 'information_schema')
      and c.table_schema not like 'pg\_%'
      and c.udt_name in ('text', 'varchar', 'bpchar', 'json', 'jsonb', '_text', '_varchar')
    order by 1, 2, 3
  `.execute(context.t.database.db);
  return result.rows;
}

/** Which `table.column` still holds which of the values searched, as `table.column: value`. */
async function whereThePersonIs(): Promise<string[]> {
  const found: string[] = [];
  const values = searched.map((value) => value.toLowerCase());
  for (const { schema, table, column } of await textColumns()) {
    const result = await sql<{ value: string }>`
      select v as value from unnest(${values}::text[]) v
      where exists (
        select 1 from ${sql.table(`${schema}.${table}`)} x
        where position(v in lower(x.${sql.ref(column)}::text)) > 0
      )
    `.execute(context.t.database.db);
    const name = schema === 'public' ? `${table}.${column}` : `${schema}.${table}.${column}`;
    for (const row of result.rows) found.push(`${name}: ${row.value}`);
  }
  return found;
}

async function leadIdOf(phone: string) {
  const row = await context.t.database.db
    .selectFrom('leads')
    .select('id')
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function call(leadId: number, outcome: string) {
  const response = await context.t.recordCall(context.assessor, leadId, outcome, {
    note: 'Ligação de rotina',
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function get(url: string) {
  const response = await context.t.as(context.admin).get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

describe('erasure (LGPD) in every table', () => {
  let kept: number;
  let injected: number;
  let batchId: number;
  let found: { before: string[]; after: string[] };

  beforeAll(async () => {
    importWorker = startTestImportWorker(context.t);
    const webhooks = webhookRequests(context.t, context.adminCookie);
    await webhooks.allowPrivateTargets(true);
    await webhooks.register('http://127.0.0.1:9/', [
      'attempt.recorded',
      'lead.accepted',
      'lead.erased',
    ]);

    // A file with the person imported with a warning (an unknown UF), the same person again
    // (a duplicate, with the same warning), a row of theirs refused, and a neighbour.
    const row = (name: string, phone: string, cpf: string, email: string) => [
      name,
      phone,
      email,
      cpf,
      'Brasília',
      'ZZ',
      '',
      'Empresa Y',
    ];
    const file = excelCsv([
      leadFileHeader,
      row(person.name, person.phoneInFile, person.cpfInFile, person.email),
      row(person.name, '61981234567', person.cpf, person.email),
      row(person.name, '123', person.cpfInFile, person.email),
      row('Vizinho Mantido', '(61) 3322-1100', '', 'vizinho@exemplo.com.br'),
    ]);
    const upload = await postForm(
      context.t.app,
      '/api/imports',
      context.adminCookie,
      file,
      'a.csv',
    );
    expect(upload.statusCode, upload.body).toBe(202);
    const batch = await waitForBatch(context.t.app, context.adminCookie, upload.json().id);
    expect(batch).toMatchObject({ inserted: 2, duplicates: 1, rejected: 1 });
    batchId = batch.id;
    kept = await leadIdOf(person.phone);

    // The person's other number, sent by another system with an idempotency key.
    const token = await createTestToken(context.t, context.adminCookie, ['leads:write']);
    const sent = await context.t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { ...bearer(token.secret), 'idempotency-key': 'envio-4471' },
      payload: {
        externalId: 'crm-4471',
        name: person.name,
        phone: person.otherPhoneSent,
        email: person.email,
        cpf: person.cpfInFile,
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    injected = await leadIdOf(person.otherPhone);

    // Both handed to the assessor and called: the calls go out as webhook deliveries.
    const distributed = await context.t.as(context.admin).post('/api/distributions', { each: 10 });
    expect(distributed.statusCode, distributed.body).toBe(201);
    await call(kept, 'no_answer');
    await call(injected, 'green');

    // The two leads of the one person become one; then everything of theirs is exported.
    const merged = await context.t
      .as(context.admin)
      .post(`/api/leads/${kept}/merge`, { other: injected });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(
      await get(`/api/leads/export?q=${encodeURIComponent(person.name)}&format=csv`),
    ).toContain(person.name);
    await get('/api/attempts/export?format=csv');
    await get(`/api/leads/${kept}/personal-data`);

    const before = await whereThePersonIs();
    const erased = await context.t
      .as(context.admin)
      .post('/api/leads/bulk', { target: { ids: [kept] }, operation: { action: 'erase' } });
    expect(erased.json()).toEqual({ affected: 1, skipped: 0 });
    found = { before, after: await whereThePersonIs() };
  });
  afterAll(() => importWorker?.stop());

  it('finds the person in the leads, the import rows and the webhook deliveries before', () => {
    expect(found.before).toEqual(
      expect.arrayContaining([
        `leads.name: ${person.name.toLowerCase()}`,
        `leads.cpf: ${person.cpf}`,
        `import_rejections.raw: ${person.cpfInFile}`,
        `webhook_deliveries.payload: ${person.email}`,
      ]),
    );
  });

  it('leaves none of the person’s name, numbers, e-mail or CPF in any column of any table', () => {
    expect(found.after).toEqual([]);
  });

  it('empties the rows of the file about the person, each saying why, and keeps the neighbour’s', async () => {
    const rows = await context.t.database.db
      .selectFrom('import_rejections')
      .select(['row_number', 'reason', 'raw', 'imported'])
      .where('batch_id', '=', batchId)
      .orderBy('row_number')
      .execute();
    const person = rows.filter((row) => row.row_number !== 5);
    const neighbour = rows.find((row) => row.row_number === 5);
    // The row that made the lead and the refused one; the duplicate's too, when it is kept.
    expect(person.map((row) => row.row_number)).toEqual(expect.arrayContaining([2, 4]));
    for (const row of person) {
      expect(row.raw, `linha ${row.row_number}`).toEqual({});
      expect(row.reason, `linha ${row.row_number}`).toMatch(/ Dados apagados \(LGPD\)\.$/);
    }
    expect(neighbour?.raw).toMatchObject({ Nome: 'Vizinho Mantido' });
    expect(neighbour?.reason).not.toContain('LGPD');
    const csv = await get(`/api/imports/${batchId}/warnings.csv`);
    expect(csv).toContain('Vizinho Mantido');
    expect(csv).toContain('(61) 3322-1100');
  });

  it('takes the person out of the deliveries of the lead merged away, which keep its id', async () => {
    const deliveries = await context.t.database.db
      .selectFrom('webhook_deliveries')
      .select(['event', 'lead_id', 'payload'])
      .where(sql<boolean>`payload #>> '{data,lead,id}' = ${String(injected)}`)
      .orderBy('id')
      .execute();
    expect(deliveries).toEqual([
      {
        event: 'attempt.recorded',
        lead_id: kept,
        payload: expect.objectContaining({
          data: expect.objectContaining({
            lead: { id: injected, externalId: 'crm-4471', erased: true },
            attempt: expect.objectContaining({ note: null }),
          }),
        }),
      },
      {
        event: 'lead.accepted',
        lead_id: kept,
        payload: expect.objectContaining({
          data: expect.objectContaining({
            lead: { id: injected, externalId: 'crm-4471', erased: true },
          }),
        }),
      },
    ]);
  });
});
