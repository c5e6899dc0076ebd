import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { setUpImportTestApp } from '../imports/fixtures/import-fixtures.ts';
import { csvLines } from './csv.ts';

const { context, importFile } = setUpImportTestApp();

const hostile = [
  { name: 'Silva, João', city: 'Rio de Janeiro; RJ', phone: '+5521988880001' },
  { name: 'Maria "Tia" Souza', city: 'São Paulo', phone: '+5511988880002' },
  { name: 'Ana\nQuebra de Linha', city: 'Belo Horizonte, MG', phone: '+5531988880003' },
  { name: 'Zé; Ponto e Vírgula', city: 'Recife', phone: '+5581988880004' },
];

describe('the CSV CCA writes', () => {
  it('quotes every cell that holds , ; " or a line break', () => {
    expect(csvLines([['Silva, João', 'a;b', 'x"y', 'l1\nl2', 'simples', 12]])).toBe(
      '"Silva, João";"a;b";"x""y";"l1\nl2";simples;12\r\n',
    );
  });

  it('comes back the same when exported and imported again', async () => {
    const { db } = context.t.database;
    await db
      .insertInto('leads')
      .values(hostile.map((lead) => ({ ...lead, phone_raw: lead.phone })))
      .execute();
    const exported = await context.t.as(context).get('/api/leads/export?format=csv');
    expect(exported.statusCode).toBe(200);
    const file = exported.rawPayload;
    expect(file.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = file.toString('utf8');
    expect(text).toContain('"Silva, João"');
    // A reader that takes the comma for the delimiter still gets one cell per name.
    const byComma = parse(text.slice(1), {
      delimiter: ',',
      relax_quotes: true,
      relax_column_count: true,
    }) as string[][];
    expect(byComma.flat().some((cell) => cell === 'Silva')).toBe(false);

    await db.deleteFrom('leads').execute();
    const batch = await importFile(file, 'exportado.csv');
    expect(batch.status).toBe('done');
    expect(batch.inserted).toBe(hostile.length);
    const back = await db
      .selectFrom('leads')
      .select(['name', 'city', 'phone'])
      .orderBy('phone')
      .execute();
    // The line break travels quoted and comes back; a name keeps it as a space, as the
    // import writes every name (one line, single spaces).
    const expected = hostile.map(({ name, city, phone }) => ({
      name: name.replace(/\s+/g, ' '),
      city,
      phone,
    }));
    expect(back).toEqual(expected.sort((a, b) => a.phone.localeCompare(b.phone)));
  });
});
