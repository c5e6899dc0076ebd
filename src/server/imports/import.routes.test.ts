import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEnv } from '../testing/test-app.ts';
import {
  excelCsv,
  postForm,
  utf8Csv,
  waitForBatch,
  xlsxFile,
  zipFile,
} from './fixtures/import-fixtures.ts';
import { type ImportWorker, startImportWorker } from './import.worker.ts';

let t: TestApp;
let small: TestApp;
let worker: ImportWorker;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  small = await createTestApp({ env: { importMaxBytes: 4096 } });
  worker = startImportWorker({ database: t.database, dataDir: testEnv.dataDir, pollMs: 50 });
  cookie = await t.signInAsAdmin();
});

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await small?.close();
});

async function importFile(file: Buffer, fileName: string, fields: Record<string, string> = {}) {
  const response = await postForm(t.app, '/api/imports', cookie, file, fileName, fields);
  expect(response.statusCode, response.body).toBe(202);
  return waitForBatch(t.app, cookie, response.json().id);
}

async function leadByPhone(phone: string) {
  return t.database.db
    .selectFrom('leads')
    .selectAll()
    .where('phone', '=', phone)
    .executeTakeFirst();
}

const header = ['Nome', 'Telefone', 'E-mail', 'CPF', 'Cidade', 'UF', 'Observação', 'Empresa'];

describe('import', () => {
  it('previews a Latin-1 ; CSV as Excel writes it, guessing the mapping', async () => {
    const file = excelCsv([
      header,
      [
        'João Conceição',
        '(11) 98765-4321',
        'joao@exemplo.com',
        '529.982.247-25',
        'São Paulo',
        'SP',
        'Ligar à tarde',
        'Açaí Ltda',
      ],
      ['Maria Antônia', '11987654322', '', '', 'Guarulhos', 'sp', '', ''],
      ['Linha cortada', '1198'],
    ]);
    // The browser sends only the first bytes: the last line may be cut.
    const cut = file.subarray(0, file.length - 3);
    const response = await postForm(t.app, '/api/imports/preview', cookie, cut, 'lista.csv');
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview).toMatchObject({ format: 'csv', encoding: 'windows-1252', delimiter: ';' });
    expect(preview.columns).toEqual(header);
    expect(preview.mapping).toEqual({
      Nome: 'name',
      Telefone: 'phone',
      'E-mail': 'email',
      CPF: 'cpf',
      Cidade: 'city',
      UF: 'uf',
      Observação: 'notes',
    });
    expect(preview.rows).toHaveLength(2);
    expect(preview.rows[0][0]).toBe('João Conceição');
  });

  it('imports messy phones, skips duplicates and blocked phones, rejects bad rows with reasons', async () => {
    await t.database.db
      .insertInto('do_not_call')
      .values({ phone: '+5511911112222', reason: 'pediu', created_by: null })
      .execute();
    const file = excelCsv([
      header,
      [
        'João Conceição',
        '(11) 98765-4321',
        'JOAO@exemplo.com',
        '529.982.247-25',
        'São Paulo',
        'SP',
        'Ligar à tarde',
        'Açaí Ltda',
      ],
      ['Maria Antônia', '11987654322', '', '11144477735', 'Guarulhos', 'sp', '', ''],
      ['Pedro Álvares', '+55 11 98765-4323', '', '', '', '', '', ''],
      ['Ana Lúcia', '011 98765 4324', '', '', '', '', '', ''],
      ['Carlos Ênio', '55011987654325', '', '', '', '', '', ''],
      ['Fixo Três', '(21) 3456-7890', '', '', 'Rio de Janeiro', 'RJ', '', ''],
      ['Repetido', '11 98765-4321', '', '', '', '', '', ''],
      ['Bloqueado', '(11) 91111-2222', '', '', '', '', '', ''],
      ['Telefone Ruim', '12345', '', '', '', '', '', ''],
      ['CPF Ruim', '11987650001', '', '123.456.789-00', '', '', '', ''],
      ['Email Ruim', '11987650002', 'nao-e-email', '', '', '', '', ''],
      ['', '11987650003', '', '', '', '', '', ''],
      ['=HYPERLINK("http://mal")', 'x', '', '', '', '', '', ''],
    ]);
    const batch = await importFile(file, 'lista.csv');
    expect(batch).toMatchObject({
      status: 'done',
      format: 'csv',
      source: 'lista.csv',
      totalRows: 13,
      processedRows: 13,
      inserted: 6,
      duplicates: 1,
      blocked: 1,
      rejected: 5,
      updated: 0,
      secondsLeft: 0,
    });

    const joao = await leadByPhone('+5511987654321');
    expect(joao).toMatchObject({
      name: 'João Conceição',
      phone_raw: '(11) 98765-4321',
      email: 'joao@exemplo.com',
      cpf: '52998224725',
      city: 'São Paulo',
      uf: 'SP',
      notes: 'Ligar à tarde',
      extra: { Empresa: 'Açaí Ltda' },
      status: 'new',
      batch_id: batch.id,
      source: 'lista.csv',
    });
    expect((await leadByPhone('+5511987654322'))?.uf).toBe('SP');
    for (const phone of ['+5511987654323', '+5511987654324', '+5511987654325', '+552134567890']) {
      expect(await leadByPhone(phone), phone).toBeDefined();
    }
    expect(await leadByPhone('+5511911112222')).toBeUndefined();
    const history = await t.database.db
      .selectFrom('lead_history')
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow();
    expect(history.count).toBe(0);

    const csv = await t.app.inject({
      url: `/api/imports/${batch.id}/rejections.csv`,
      headers: { cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(`linha;${header.join(';')};motivo`);
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(
      /^10;Telefone Ruim;12345;.*;Telefone deve ter DDD e 8 ou 9 dígitos\.$/,
    );
    expect(lines[2]).toMatch(/^11;CPF Ruim;.*;CPF inválido\.$/);
    expect(lines[3]).toMatch(/^12;Email Ruim;.*;E-mail inválido\.$/);
    expect(lines[4]).toMatch(/^13;;11987650003;.*;Nome vazio\.$/);
    // Formula injection: the cell starts with an apostrophe, so Excel shows it as text.
    expect(lines[5]).toMatch(/^14;"'=HYPERLINK\(""http:\/\/mal""\)";x;/);
  });

  it('imports a UTF-8 CSV with BOM and counts phones already stored as duplicates', async () => {
    const file = utf8Csv(
      [
        ['nome completo', 'celular', 'whatsapp', 'email'],
        ['Zé Ninguém', '(11) 98765-4321', '11900000000', ''],
        ['Novo Lead', '(31) 99876-5432', '11900000000', 'novo@exemplo.com'],
      ],
      ',',
      true,
    );
    const preview = await postForm(t.app, '/api/imports/preview', cookie, file, 'a.csv');
    expect(preview.json()).toMatchObject({
      encoding: 'utf-8',
      delimiter: ',',
      mapping: { 'nome completo': 'name', celular: 'phone', email: 'email' },
    });
    const batch = await importFile(file, 'a.csv', { source: 'Feira 2024' });
    expect(batch).toMatchObject({ status: 'done', inserted: 1, duplicates: 1, rejected: 0 });
    expect(await leadByPhone('+5531998765432')).toMatchObject({
      name: 'Novo Lead',
      source: 'Feira 2024',
      extra: { whatsapp: '11900000000' },
    });
  });

  it('imports a tab-separated CSV', async () => {
    const file = utf8Csv(
      [
        ['Cliente', 'Fone', 'Município', 'Estado'],
        ['Tab Um', '(41) 99999-0001', 'Curitiba', 'PR'],
        ['Tab Dois', '41 3333-0002', 'Curitiba', 'PR'],
      ],
      '\t',
      false,
    );
    const batch = await importFile(file, 'tab.txt');
    expect(batch).toMatchObject({ status: 'done', inserted: 2, rejected: 0 });
    expect(await leadByPhone('+554133330002')).toMatchObject({ city: 'Curitiba', uf: 'PR' });
  });

  it('imports an XLSX, phones written as numbers included', async () => {
    const file = await xlsxFile([
      ['Nome', 'Telefone', 'CPF'],
      ['Planilha Um', 51999990001, '529.982.247-25'],
      ['Planilha Dois', '(51) 99999-0002', ''],
      ['Planilha Ruim', '0', ''],
    ]);
    const preview = await postForm(t.app, '/api/imports/preview', cookie, file, 'p.xlsx');
    expect(preview.json()).toMatchObject({ format: 'xlsx', columns: ['Nome', 'Telefone', 'CPF'] });
    const batch = await importFile(file, 'planilha.xlsx');
    expect(batch).toMatchObject({
      status: 'done',
      format: 'xlsx',
      inserted: 2,
      rejected: 1,
      totalRows: 3,
    });
    expect(await leadByPhone('+5551999990001')).toMatchObject({ name: 'Planilha Um' });
  });

  it('fills the empty fields of stored leads when asked', async () => {
    const file = utf8Csv(
      [
        ['nome', 'telefone', 'email', 'cidade'],
        ['Outro Nome', '(11) 98765-4322', 'maria@exemplo.com', 'Outra Cidade'],
        ['Outro Nome', '(11) 98765-4322', 'outra@exemplo.com', ''],
        ['Sem Mudança', '(11) 98765-4323', '', ''],
      ],
      ';',
      false,
    );
    const batch = await importFile(file, 'f.csv', { fillEmptyFields: 'true' });
    expect(batch).toMatchObject({ status: 'done', inserted: 0, updated: 1, duplicates: 2 });
    expect(await leadByPhone('+5511987654322')).toMatchObject({
      name: 'Maria Antônia',
      email: 'maria@exemplo.com',
      city: 'Guarulhos',
    });
  });

  it('uses a mapping sent with the file', async () => {
    const file = utf8Csv(
      [
        ['A', 'B', 'C'],
        ['Mapeado', '(61) 99999-0001', 'x'],
      ],
      ',',
      false,
    );
    const batch = await importFile(file, 'm.csv', {
      mapping: JSON.stringify({ A: 'name', B: 'phone' }),
    });
    expect(batch).toMatchObject({ status: 'done', inserted: 1 });
    expect(await leadByPhone('+5561999990001')).toMatchObject({ extra: { C: 'x' } });
  });

  describe('hostile files get a clear 4xx and change nothing', () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      Buffer.from('IHDR\u0000\u0000\u0001\u0000\u0000\u0000\u0001\u0000\u0008\u0006'),
      Buffer.alloc(200, 0),
    ]);
    const cases: [string, () => Promise<Buffer> | Buffer, string, number, RegExp][] = [
      ['a PNG renamed .csv', () => png, 'foto.csv', 415, /não é uma planilha CSV nem XLSX/],
      [
        'a PDF renamed .csv',
        () => Buffer.from('%PDF-1.4\n\u0000\u0001\u0002\u0003binary\u0000\u0000'),
        'doc.csv',
        415,
        /não é uma planilha/,
      ],
      ['an empty file', () => Buffer.alloc(0), 'vazio.csv', 400, /vazio/],
      ['a CSV of blank lines', () => Buffer.from('\r\n\r\n'), 'vazio.csv', 400, /vazio/],
      [
        'a CSV without a phone column',
        () =>
          utf8Csv(
            [
              ['nome', 'cidade'],
              ['Fulano', 'Recife'],
            ],
            ';',
            false,
          ),
        'x.csv',
        400,
        /coluna do telefone/,
      ],
      [
        'a corrupt XLSX',
        () => Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(500, 7)]),
        'x.xlsx',
        400,
        /XLSX está corrompido/,
      ],
      [
        'a zip that is no spreadsheet',
        () => zipFile([{ name: 'a.txt', data: Buffer.from('oi') }]),
        'x.xlsx',
        400,
        /XLSX está corrompido/,
      ],
      [
        'a zip bomb (ratio)',
        () => zipFile([{ name: 'xl/workbook.xml', data: Buffer.alloc(50 * 1024 * 1024) }]),
        'bomba.xlsx',
        400,
        /bomba zip/,
      ],
      [
        'a zip bomb (entries)',
        () =>
          zipFile(
            Array.from({ length: 1001 }, (_, index) => ({
              name: `f${index}`,
              data: Buffer.from('a'),
            })),
          ),
        'bomba.xlsx',
        400,
        /bomba zip/,
      ],
    ];

    it.each(cases)('%s', async (_label, make, fileName, status, message) => {
      const before = await counts();
      // The preview shows a file without a phone column: the mapping is chosen after it.
      const urls =
        fileName === 'x.csv' ? ['/api/imports'] : ['/api/imports', '/api/imports/preview'];
      for (const url of urls) {
        const response = await postForm(t.app, url, cookie, await make(), fileName);
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json().error.message).toMatch(message);
      }
      expect(await counts()).toEqual(before);
      expect(await leftoverFiles()).toEqual([]);
    });

    it('a file over the size limit', async () => {
      const smallCookie = await small.signInAsAdmin();
      const rows = [
        ['nome', 'telefone'],
        ...Array.from({ length: 500 }, (_, index) => [
          `Nome ${index}`,
          `1199999${String(index).padStart(4, '0')}`,
        ]),
      ];
      const response = await postForm(
        small.app,
        '/api/imports',
        smallCookie,
        utf8Csv(rows, ';', false),
        'grande.csv',
      );
      expect(response.statusCode).toBe(413);
      expect(response.json().error.message).toMatch(/limite de 0 MB|limite de/);
      const batches = await small.database.db.selectFrom('import_batches').select('id').execute();
      expect(batches).toEqual([]);
      expect(await leftoverFiles()).toEqual([]);
    });

    it('a bad mapping', async () => {
      const file = utf8Csv(
        [
          ['nome', 'telefone'],
          ['A', '11987650009'],
        ],
        ';',
        false,
      );
      const response = await postForm(t.app, '/api/imports', cookie, file, 'x.csv', {
        mapping: JSON.stringify({ nome: 'name', inexistente: 'phone' }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/"inexistente" não existe/);
    });
  });

  it('lists the batches, newest first', async () => {
    const response = await t.app.inject({ url: '/api/imports', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const { batches } = response.json();
    expect(batches.length).toBeGreaterThanOrEqual(6);
    expect(batches[0].id).toBeGreaterThan(batches[1].id);
    expect(batches[0].createdByName).toBe('Admin Teste');
  });

  it('undoes a batch whose leads are all new, and refuses when one is in use', async () => {
    const make = (prefix: string) =>
      utf8Csv(
        [
          ['nome', 'telefone'],
          ['Desfazer Um', `(${prefix}) 99999-1001`],
          ['Desfazer Dois', `(${prefix}) 99999-1002`],
        ],
        ';',
        false,
      );
    const first = await importFile(make('71'), 'u1.csv');
    // A lead that went out and came back to the pool is `new` again, with history.
    const returned = await leadByPhone('+5571999991001');
    await t.database.db
      .insertInto('lead_history')
      .values({ lead_id: Number(returned?.id), to_status: 'new', reason: 'Devolvido ao pool' })
      .execute();
    const undo = await t.app.inject({
      method: 'POST',
      url: `/api/imports/${first.id}/undo`,
      headers: { origin: 'http://cca.test', cookie },
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().status).toBe('undone');
    expect(await leadByPhone('+5571999991001')).toBeUndefined();
    const history = await t.database.db
      .selectFrom('lead_history')
      .select('id')
      .where('lead_id', '=', Number(returned?.id))
      .execute();
    expect(history).toEqual([]);

    const second = await importFile(make('81'), 'u2.csv');
    const admin = await t.database.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('leads')
      .set({ status: 'assigned', owner_id: admin.id, assigned_at: new Date() })
      .where('phone', '=', '+5581999991001')
      .execute();
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/imports/${second.id}/undo`,
      headers: { origin: 'http://cca.test', cookie },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/já foram distribuídos/);
    expect(await leadByPhone('+5581999991002')).toBeDefined();
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/imports/${first.id}/undo`,
      headers: { origin: 'http://cca.test', cookie },
    });
    expect(again.statusCode).toBe(409);
  });

  it('is for admins only', async () => {
    const assessor = await t.createSignedInUser('assessor');
    const list = await t.app.inject({ url: '/api/imports', headers: { cookie: assessor.cookie } });
    expect(list.statusCode).toBe(403);
    const file = utf8Csv(
      [
        ['nome', 'telefone'],
        ['A', '11987650009'],
      ],
      ';',
      false,
    );
    const post = await postForm(t.app, '/api/imports', assessor.cookie, file, 'x.csv');
    expect(post.statusCode).toBe(403);
    const anonymous = await t.app.inject({ url: '/api/imports/1' });
    expect(anonymous.statusCode).toBe(401);
  });
});

async function counts() {
  const row = await t.database.db
    .selectNoFrom([
      sql<number>`(SELECT count(*)::int FROM import_batches)`.as('batches'),
      sql<number>`(SELECT count(*)::int FROM leads)`.as('leads'),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

/** Files of refused uploads; the uploads of finished batches are gone too. */
async function leftoverFiles() {
  const directory = path.join(testEnv.dataDir, 'imports');
  const files = await readdir(directory).catch(() => []);
  return files.filter((file) => file.startsWith('incoming-'));
}
