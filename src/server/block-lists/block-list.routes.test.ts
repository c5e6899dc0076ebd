import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  excelCsv,
  postForm,
  startTestImportWorker,
  utf8Csv,
  waitForBatch,
} from '../imports/fixtures/import-fixtures.ts';
import type { ImportWorker } from '../imports/index.ts';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';
import { listHistoryReason } from './block-list.service.ts';

let t: TestApp;
let worker: ImportWorker;
let adminCookie: string;
let assessor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  worker = startTestImportWorker(t);
  adminCookie = await t.signInAsAdmin();
  assessor = await t.createSignedInUser('assessor', 'Ana Bloqueio');
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

const textFile = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`);

function load(file: Buffer, fields: Record<string, string>, cookie = adminCookie) {
  return postForm(t.app, '/api/block-lists', cookie, file, 'lista.txt', fields);
}

async function loaded(file: Buffer, name: string, listDate = '2026-11-01') {
  const response = await load(file, { name, listDate });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const leadRow = (id: number) =>
  t.database.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const phonesOf = (name: string) =>
  t.database.db
    .selectFrom('block_list_phones as p')
    .innerJoin('block_list_sources as s', 's.id', 'p.source_id')
    .select('p.phone')
    .where('s.name', '=', name)
    .orderBy('p.phone')
    .execute()
    .then((rows) => rows.map((row) => row.phone));

/** Imports one lead with that phone; the batch's counts. */
async function importPhone(phone: string) {
  const file = excelCsv([
    ['Nome', 'Telefone'],
    ['Lead da lista', phone],
  ]);
  const response = await postForm(t.app, '/api/imports', adminCookie, file, 'leads.csv');
  expect(response.statusCode, response.body).toBe(202);
  return waitForBatch(t.app, adminCookie, response.json().id);
}

describe('POST /api/block-lists', () => {
  it('loads a register in any spelling and blocks the leads with its numbers at once', async () => {
    const [owned] = await t.seedLeads(1, {
      phone: '+5511987650001',
      status: 'assigned',
      owner_id: assessor.id,
      assigned_at: new Date(),
    });
    const [accepted] = await t.seedLeads(1, {
      phone: '+5511987650002',
      status: 'green',
      owner_id: assessor.id,
    });
    const [untouched] = await t.seedLeads(1, { phone: '+5511987650009', status: 'new' });

    const result = await loaded(
      textFile([
        'TELEFONE',
        '(11) 98765-0001',
        '5511987650002',
        '011 98765 0003',
        '11987650003',
        'sem número',
        '+55 21 2345-6789',
      ]),
      'Procon-SP',
    );
    expect(result).toMatchObject({
      replaced: false,
      added: 4,
      removed: 0,
      ignoredRows: 1,
      ignoredRowExamples: [6],
      leadsBlocked: 1,
      source: {
        name: 'Procon-SP',
        listDate: '2026-11-01',
        phoneCount: 4,
        leadsBlocked: 1,
        loadedByName: 'Admin Teste',
      },
    });
    expect(await phonesOf('Procon-SP')).toEqual(
      ['+552123456789', '+5511987650001', '+5511987650002', '+5511987650003'].sort(),
    );
    expect(await leadRow(owned as number)).toMatchObject({
      status: 'do_not_call',
      owner_id: null,
    });
    const history = await t.database.db
      .selectFrom('lead_history')
      .selectAll()
      .where('lead_id', '=', owned as number)
      .execute();
    expect(history.at(-1)).toMatchObject({
      to_status: 'do_not_call',
      from_owner_id: assessor.id,
      reason: listHistoryReason('Procon-SP'),
    });
    // A lead that already accepted stays with the follow-up.
    expect((await leadRow(accepted as number)).status).toBe('green');
    expect((await leadRow(untouched as number)).status).toBe('new');

    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'block_list.loaded')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ name: 'Procon-SP', added: 4, leadsBlocked: 1 });
    expect(JSON.stringify(audit.details)).not.toContain('98765');
  });

  it('reads the phone columns a header names, an area code beside its number', async () => {
    const file = utf8Csv(
      [
        ['Nome', 'CPF', 'DDD', 'Telefone', 'Celular'],
        ['Ana', '11987654321', '31', '3456-7890', '(31) 99876-0001'],
        ['Bia', '52998224725', '', '', '31998760002'],
      ],
      ';',
      true,
    );
    const result = await loaded(file, 'Procon-MG');
    expect(result).toMatchObject({ added: 3, ignoredRows: 0 });
    expect(await phonesOf('Procon-MG')).toEqual([
      '+553134567890',
      '+5531998760001',
      '+5531998760002',
    ]);
  });

  it('replaces a list by the file under its name: only the difference changes', async () => {
    await loaded(textFile(['21 99999-0001', '21 99999-0002', '21 99999-0003']), 'Lista própria');
    const [lead] = await t.seedLeads(1, { phone: '+5521999990004', status: 'new' });

    const result = await loaded(
      textFile(['21 99999-0002', '21 99999-0003', '21 99999-0004', '21 99999-0004']),
      'LISTA PRÓPRIA',
      '2026-11-20',
    );
    expect(result).toMatchObject({
      replaced: true,
      added: 1,
      removed: 1,
      leadsBlocked: 1,
      source: { name: 'Lista própria', listDate: '2026-11-20', phoneCount: 3, leadsBlocked: 1 },
    });
    expect(await phonesOf('Lista própria')).toEqual([
      '+5521999990002',
      '+5521999990003',
      '+5521999990004',
    ]);
    expect((await leadRow(lead as number)).status).toBe('do_not_call');
    // The number taken off the list may be imported again; one still on it may not.
    expect(await importPhone('(21) 99999-0001')).toMatchObject({ inserted: 1, blocked: 0 });
    expect(await importPhone('(21) 99999-0002')).toMatchObject({ inserted: 0, blocked: 1 });
  });

  it('refuses bad input in pt-BR and changes nothing', async () => {
    await loaded(textFile(['41 99999-0001']), 'Procon-PR');
    const before = await t.database.db
      .selectFrom('block_list_sources')
      .selectAll()
      .orderBy('id')
      .execute();
    const cases: [Record<string, string>, Buffer, string][] = [
      [{ listDate: '2026-11-01' }, textFile(['41 99999-0002']), 'Informe o nome da lista.'],
      [{ name: 'Procon-PR' }, textFile(['41 99999-0002']), 'Informe a data da lista'],
      [
        { name: 'Procon-PR', listDate: '31/12/2026' },
        textFile(['41 99999-0002']),
        'Informe a data',
      ],
      [{ name: 'Procon-PR', listDate: '2099-01-01' }, textFile(['41 99999-0002']), 'futuro'],
      [
        { name: 'Procon-PR', listDate: '2026-11-01' },
        textFile(['nome', 'Ana', '12345']),
        'Nenhum telefone brasileiro',
      ],
      [{ name: 'Nova', listDate: '2026-11-01' }, textFile(['só texto']), 'Nenhum telefone'],
      [{ name: 'Nova', listDate: '2026-11-01' }, Buffer.from([0, 1, 2, 3, 0xff, 0xfe]), 'CSV'],
    ];
    for (const [fields, file, message] of cases) {
      const response = await load(file, fields);
      expect([400, 415], response.body).toContain(response.statusCode);
      expect(response.json().error.message).toContain(message);
    }
    expect(
      await t.database.db.selectFrom('block_list_sources').selectAll().orderBy('id').execute(),
    ).toEqual(before);
    expect(await phonesOf('Procon-PR')).toEqual(['+5541999990001']);
  });

  it('is for admins only', async () => {
    const response = await load(
      textFile(['41 99999-0005']),
      { name: 'X', listDate: '2026-11-01' },
      assessor.cookie,
    );
    expect(response.statusCode).toBe(403);
    const list = await t.as(assessor).get('/api/block-lists');
    expect(list.statusCode).toBe(403);
  });
});

describe('a blocked number at distribution', () => {
  it('is never handed out, even when its lead was imported as the list was loaded', async () => {
    const [blocked, free] = await t.seedLeads(2, { status: 'new', source: 'corrida' });
    const phone = (await leadRow(blocked as number)).phone as string;
    // As if the import committed while the list was being loaded: the lead stayed new.
    await loaded(textFile([phone]), 'Carga concorrente');
    await t.database.db
      .updateTable('leads')
      .set({ status: 'new' })
      .where('id', '=', blocked as number)
      .execute();

    const response = await t.as(adminCookie).post('/api/distributions', {
      perAssessor: { [assessor.id]: 5 },
      pool: { kind: 'new', source: 'corrida' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((await leadRow(blocked as number)).owner_id).toBeNull();
    expect((await leadRow(free as number)).owner_id).toBe(assessor.id);
  });
});

describe('a lead with several numbers', () => {
  it('keeps the lead callable when a list names one of its other numbers, marking that number', async () => {
    const [id] = await t.seedLeads(1, {
      phone: '+5511987650071',
      status: 'assigned',
      owner_id: assessor.id,
      assigned_at: new Date(),
    });
    const numbers = ['+5511987650071', '+5511987650072'].map((phone, position) => ({
      lead_id: id as number,
      position,
      phone,
      phone_raw: phone,
      label: position === 0 ? 'Telefone' : 'Celular',
    }));
    await t.database.db.insertInto('lead_phones').values(numbers).execute();
    await loaded(textFile(['11 98765-0072']), 'Procon-SP (outro número)');
    expect(await leadRow(id as number)).toMatchObject({
      status: 'assigned',
      owner_id: assessor.id,
    });
    const states = await t.database.db
      .selectFrom('lead_phones')
      .select(['phone', 'state'])
      .where('lead_id', '=', id as number)
      .orderBy('position')
      .execute();
    expect(states).toEqual([
      { phone: '+5511987650071', state: 'valid' },
      { phone: '+5511987650072', state: 'do_not_call' },
    ]);
  });
});

describe('GET and DELETE /api/block-lists', () => {
  it('lists the sources and deletes one: its numbers no longer block', async () => {
    const { source } = await loaded(textFile(['51 99999-0001']), 'Procon-RS', '2026-10-31');
    const list = await t.as(adminCookie).get('/api/block-lists');
    expect(list.statusCode).toBe(200);
    expect(list.json().sources).toContainEqual(
      expect.objectContaining({ name: 'Procon-RS', listDate: '2026-10-31', phoneCount: 1 }),
    );

    const removed = await t.as(adminCookie).delete(`/api/block-lists/${source.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await phonesOf('Procon-RS')).toEqual([]);
    expect(await importPhone('(51) 99999-0001')).toMatchObject({ inserted: 1, blocked: 0 });
    const again = await t.as(adminCookie).delete(`/api/block-lists/${source.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Lista de bloqueio não encontrada.');
  });
});
