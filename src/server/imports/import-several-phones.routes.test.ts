import { describe, expect, it } from 'vitest';
import { excelCsv, postForm, setUpImportTestApp } from './fixtures/import-fixtures.ts';

const { context, importFile, leadByPhone } = setUpImportTestApp();

const header = ['Nome', 'Telefone', 'Celular', 'Telefone 2', 'WhatsApp', 'Cidade'];

async function numbersOf(leadId: number) {
  return context.t.database.db
    .selectFrom('lead_phones')
    .select(['position', 'phone', 'phone_raw', 'label', 'whatsapp', 'state'])
    .where('lead_id', '=', leadId)
    .orderBy('position')
    .execute();
}

describe('a file with several phone columns', () => {
  it('guesses every phone column and the WhatsApp one', async () => {
    const response = await postForm(
      context.t.app,
      '/api/imports/preview',
      context.cookie,
      excelCsv([header, ['Ana', '11 98765-0001', '', '', '', '']]),
      'lista.csv',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().mapping).toEqual({
      Nome: 'name',
      Telefone: 'phone',
      Celular: 'phone',
      'Telefone 2': 'phone',
      WhatsApp: 'whatsapp',
      Cidade: 'city',
    });
  });

  it('keeps every valid number with its column, the first valid one as the main number, a bad one left out with a warning', async () => {
    await context.t.database.db
      .insertInto('do_not_call')
      .values({ phone: '+5511987650013', reason: 'pediu', created_by: null })
      .execute();
    const batch = await importFile(
      excelCsv([
        header,
        ['Ana Três', '(11) 98765-0011', '11 98765-0012', '11 98765-0013', '11987650011', 'Recife'],
        ['Bruno Fixo', '123', '(21) 3456-0001', '', '', ''],
        ['Carla Uma', '', '', '', '11 98765-0031', ''],
        ['Davi Nenhum', '12', '', '', '', ''],
      ]),
      'varios.csv',
    );
    expect(batch).toMatchObject({ status: 'done', inserted: 3, rejected: 1, duplicates: 0 });
    const ana = await leadByPhone('+5511987650011');
    expect(ana?.phone_raw).toBe('(11) 98765-0011');
    expect(await numbersOf(Number(ana?.id))).toEqual([
      {
        position: 0,
        phone: '+5511987650011',
        phone_raw: '(11) 98765-0011',
        label: 'Telefone',
        // The WhatsApp column repeats the main number: it marks it.
        whatsapp: true,
        state: 'valid',
      },
      {
        position: 1,
        phone: '+5511987650012',
        phone_raw: '11 98765-0012',
        label: 'Celular',
        whatsapp: false,
        state: 'valid',
      },
      // On the block list: kept, never to be dialled.
      {
        position: 2,
        phone: '+5511987650013',
        phone_raw: '11 98765-0013',
        label: 'Telefone 2',
        whatsapp: false,
        state: 'do_not_call',
      },
    ]);
    // One valid number: the lead is as a one-number lead always was.
    const bruno = await leadByPhone('+552134560001');
    expect(await numbersOf(Number(bruno?.id))).toEqual([]);
    const changed = await context.t.database.db
      .selectFrom('import_rejections')
      .select(['reason', 'imported'])
      .where('batch_id', '=', batch.id)
      .orderBy('row_number')
      .execute();
    expect(changed).toHaveLength(2);
    expect(changed[0]).toMatchObject({ imported: true });
    expect(changed[0]?.reason).toContain('Telefone da coluna "Telefone" inválido, deixado de fora');
    expect(changed[1]).toMatchObject({ imported: false });
    expect(await leadByPhone('+5511987650031')).toMatchObject({ name: 'Carla Uma' });
  });

  it('takes a row for a duplicate when any of its numbers is a lead’s or an earlier row’s', async () => {
    await importFile(
      excelCsv([header, ['Elisa', '11 98765-0041', '11 98765-0042', '', '', '']]),
      'primeira.csv',
    );
    const batch = await importFile(
      excelCsv([
        header,
        // Its second number is Elisa's second.
        ['Outra Elisa', '11 98765-0051', '11 98765-0042', '', '', ''],
        // Its main number is Elisa's second.
        ['Terceira', '11 98765-0042', '', '', '', ''],
        // Its second number is Elisa's main one.
        ['Quarta', '11 98765-0052', '', '11 98765-0041', '', ''],
        ['Fábio', '11 98765-0061', '11 98765-0062', '', '', ''],
        // Within the file: its second number is Fábio's second, its main one Fábio's second.
        ['Fábio de novo', '11 98765-0063', '11 98765-0062', '', '', ''],
        ['Fábio outra vez', '11 98765-0062', '', '', '', ''],
        ['Gil', '11 98765-0071', '', '', '', ''],
        ['Gil também', '11 98765-0072', '11 98765-0071', '', '', ''],
      ]),
      'segunda.csv',
    );
    expect(batch).toMatchObject({ status: 'done', inserted: 2, duplicates: 6 });
    for (const phone of ['+5511987650051', '+5511987650052', '+5511987650063', '+5511987650072']) {
      expect(await leadByPhone(phone), phone).toBeUndefined();
    }
    const fabio = await leadByPhone('+5511987650061');
    expect((await numbersOf(Number(fabio?.id))).map((number) => number.phone)).toEqual([
      '+5511987650061',
      '+5511987650062',
    ]);
  });

  it('lets a later row have the numbers a duplicate row brought, as if the two were in separate chunks', async () => {
    await importFile(excelCsv([header, ['Helena', '11 98765-0081', '', '', '', '']]), 'base.csv');
    const batch = await importFile(
      excelCsv([
        header,
        // A duplicate through its Celular (Helena's number): it makes no lead, claims nothing.
        ['Helena de novo', '11 98765-0082', '11 98765-0081', '11 98765-0083', '', ''],
        // Only the duplicate's new numbers: a lead of its own.
        ['Ícaro', '11 98765-0083', '', '', '', ''],
        ['Joana', '11 98765-0084', '11 98765-0082', '', '', ''],
      ]),
      'terceira.csv',
    );
    expect(batch).toMatchObject({ status: 'done', inserted: 2, duplicates: 1 });
    expect(await leadByPhone('+5511987650083')).toMatchObject({ name: 'Ícaro' });
    expect(await leadByPhone('+5511987650084')).toMatchObject({ name: 'Joana' });
  });

  it('counts and lists as imported with a warning only the rows that made a lead', async () => {
    await importFile(excelCsv([header, ['Karen', '11 98765-0091', '', '', '', '']]), 'base.csv');
    const batch = await importFile(
      excelCsv([
        header,
        // A bad second number is a warning; this row is Karen's duplicate.
        ['Karen de novo', '11 98765-0091', '123', '', '', ''],
        ['Lúcia', '11 98765-0092', '123', '', '', ''],
        // A duplicate of Lúcia within the file, with a warning too.
        ['Lúcia de novo', '11 98765-0092', '124', '', '', ''],
      ]),
      'avisos.csv',
    );
    expect(batch).toMatchObject({ status: 'done', inserted: 1, duplicates: 2, warnings: 1 });
    const listed = await context.t.database.db
      .selectFrom('import_rejections')
      .select(['row_number', 'imported'])
      .where('batch_id', '=', batch.id)
      .execute();
    expect(listed).toEqual([{ row_number: 3, imported: true }]);
  });
});
