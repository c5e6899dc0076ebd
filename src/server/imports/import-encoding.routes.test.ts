import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { excelCsv, setUpImportTestApp, utf8Csv } from './fixtures/import-fixtures.ts';

const { context, importFile, leadByPhone } = setUpImportTestApp();

/** 12 000 rows with no accent (about 300 kB), then the row that has them. */
function lateAccentRows(areaCode: number): string[][] {
  const rows = [['nome', 'celular', 'cidade']];
  for (let row = 0; row < 12_000; row++) {
    rows.push([`Pessoa Sem Acento ${row}`, `(${areaCode}) 9${80_000_000 + row}`, 'Sao Paulo']);
  }
  rows.push(['João da Conceição', `(${areaCode}) 99999-0001`, 'Maceió']);
  return rows;
}

describe('the encoding of a CSV', () => {
  it('is read from the whole file: a Windows-1252 file whose first accent comes late', async () => {
    const batch = await importFile(excelCsv(lateAccentRows(82)), 'excel-longo.csv');
    expect(batch.status).toBe('done');
    expect(batch.inserted).toBe(12_001);
    const lead = await leadByPhone('+5582999990001');
    expect(lead?.name).toBe('João da Conceição');
    expect(lead?.city).toBe('Maceió');
    const replaced = await sql<{ count: number }>`
      select count(*)::int as count from leads
      where name like ${'%\uFFFD%'} or city like ${'%\uFFFD%'}
    `.execute(context.t.database.db);
    expect(replaced.rows[0]?.count).toBe(0);
  });

  it('stays UTF-8 for a UTF-8 file whose first accent comes late', async () => {
    const batch = await importFile(utf8Csv(lateAccentRows(83), ';', false), 'utf8-longo.csv');
    expect(batch.status).toBe('done');
    expect((await leadByPhone('+5583999990001'))?.name).toBe('João da Conceição');
  });
});
