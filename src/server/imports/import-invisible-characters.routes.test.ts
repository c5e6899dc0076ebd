import { describe, expect, it } from 'vitest';
import {
  leadFileHeader as header,
  setUpImportTestApp,
  utf8Csv,
} from './fixtures/import-fixtures.ts';

const { context, importFile, leadByPhone } = setUpImportTestApp();

describe('import of names with invisible characters', () => {
  it('strips them, imports the row and counts it as a warning; a name made only of them is refused', async () => {
    const file = utf8Csv(
      [
        header,
        [
          'Ana\u200B Souza',
          '(11) 98000-0001',
          '',
          '',
          'Campinas\u2066',
          'SP',
          '',
          'Açaí\u202E Ltda',
        ],
        // A right-to-left override: a list would show "Ana Souza" for another text.
        ['\u202EazuoS anA\u202C', '(11) 98000-0002', '', '', '', '', '', ''],
        ['Carlos Lima', '(11) 98000-0003', '', '', '', '', 'Ligar cedo', ''],
        ['\u200B\u2066\u00AD', '(11) 98000-0004', '', '', '', '', '', ''],
      ],
      ';',
      true,
    );
    const batch = await importFile(file, 'invisiveis.csv');
    expect(batch).toMatchObject({
      status: 'done',
      totalRows: 4,
      inserted: 3,
      rejected: 1,
      warnings: 2,
    });

    expect(await leadByPhone('+5511980000001')).toMatchObject({
      name: 'Ana Souza',
      city: 'Campinas',
      extra: { Empresa: 'Açaí Ltda' },
    });
    expect((await leadByPhone('+5511980000002'))?.name).toBe('azuoS anA');
    expect((await leadByPhone('+5511980000003'))?.name).toBe('Carlos Lima');
    expect(await leadByPhone('+5511980000004')).toBeUndefined();

    const csv = await context.t.as(context).get(`/api/imports/${batch.id}/rejections.csv`);
    const lines = csv.body.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^5;.*;Nome vazio\.$/);
  });

  it('counts no warning for a file without them', async () => {
    const batch = await importFile(
      utf8Csv([header, ['Rita Alves', '(11) 98000-0010', '', '', '', '', '', '']], ';', true),
      'limpa.csv',
    );
    expect(batch).toMatchObject({ status: 'done', inserted: 1, warnings: 0 });
  });
});
