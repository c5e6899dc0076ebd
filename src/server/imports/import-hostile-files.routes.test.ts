import { describe, expect, it } from 'vitest';
import {
  leftoverFiles,
  postForm,
  setUpImportTestApp,
  utf8Csv,
  zipFile,
} from './fixtures/import-fixtures.ts';

const { context, counts, importFile } = setUpImportTestApp();

describe('import', () => {
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
      // The preview shows a file without a phone column: the mapping is chosen after it. A
      // block list reads a file of phones without a header as well.
      const urls =
        fileName === 'x.csv'
          ? ['/api/imports']
          : ['/api/imports', '/api/imports/preview', '/api/block-lists'];
      const blockListFields = { name: 'Lista hostil', listDate: '2026-11-01' };
      for (const url of urls) {
        const fields = url === '/api/block-lists' ? blockListFields : {};
        const response = await postForm(
          context.t.app,
          url,
          context.cookie,
          await make(),
          fileName,
          fields,
        );
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json().error.message).toMatch(message);
      }
      const lists = await context.t.database.db
        .selectFrom('block_list_sources')
        .select('id')
        .execute();
      expect(lists).toEqual([]);
      expect(await counts()).toEqual(before);
      expect(await leftoverFiles()).toEqual([]);
    });

    it('a file over the size limit', async () => {
      const smallCookie = await context.small.signInAsAdmin();
      const rows = [
        ['nome', 'telefone'],
        ...Array.from({ length: 500 }, (_, index) => [
          `Nome ${index}`,
          `1199999${String(index).padStart(4, '0')}`,
        ]),
      ];
      const response = await postForm(
        context.small.app,
        '/api/imports',
        smallCookie,
        utf8Csv(rows, ';', false),
        'grande.csv',
      );
      expect(response.statusCode).toBe(413);
      expect(response.json().error.message).toMatch(/limite de 0 MB|limite de/);
      const batches = await context.small.database.db
        .selectFrom('import_batches')
        .select('id')
        .execute();
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
      const response = await postForm(
        context.t.app,
        '/api/imports',
        context.cookie,
        file,
        'x.csv',
        {
          mapping: JSON.stringify({ nome: 'name', inexistente: 'phone' }),
        },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/"inexistente" não existe/);
    });

    it.each([
      ['a NUL in the file name', 'lista\u0000.csv', {}],
      ['a NUL in the source field', 'lista.csv', { source: 'Feira\u0000 2026' }],
      ['a NUL in the mapping field', 'lista.csv', { mapping: '{"nome":"name\u0000"}' }],
    ])('%s', async (_label, fileName, fields: Record<string, string>) => {
      const before = await counts();
      const file = utf8Csv(
        [
          ['nome', 'telefone'],
          ['A', '11987650019'],
        ],
        ';',
        false,
      );
      for (const url of ['/api/imports', '/api/imports/preview']) {
        const response = await postForm(context.t.app, url, context.cookie, file, fileName, fields);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error.message).toMatch(
          /caractere inválido \(NUL ou um caractere partido ao meio\)/,
        );
      }
      expect(await counts()).toEqual(before);
      expect(await leftoverFiles()).toEqual([]);
    });
  });

  it('a quote left open past the preview fails the batch, says where and keeps no lead', async () => {
    const before = await counts();
    const rows = [['nome', 'telefone']];
    for (let row = 0; row < 12_000; row++)
      rows.push([`Pessoa ${row}`, `(84) 9${80_000_000 + row}`]);
    rows.push(['"Zé da Silva', '(84) 99999-0001']);
    rows.push(['Ana', '(84) 99999-0002']);
    const batch = await importFile(utf8Csv(rows, ';', false), 'aspas.csv');
    expect(batch.status).toBe('failed');
    expect(batch.error).toBe(
      'Não foi possível ler o CSV: uma aspa aberta na linha 12002 não é fechada. Verifique as aspas do arquivo.',
    );
    expect((await counts()).leads).toBe(before.leads);
    expect(await leftoverFiles()).toEqual([]);
  });
});
