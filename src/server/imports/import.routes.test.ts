import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  excelCsv,
  leadFileHeader as header,
  postForm,
  setUpImportTestApp,
  utf8Csv,
  xlsxFile,
} from './fixtures/import-fixtures.ts';

const { context, importFile, leadByPhone } = setUpImportTestApp();

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
    const response = await postForm(
      context.t.app,
      '/api/imports/preview',
      context.cookie,
      cut,
      'lista.csv',
    );
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

  it('imports messy phones, skips duplicates and blocked phones, rejects uncallable rows with reasons and keeps callable ones without their bad fields', async () => {
    await context.t.database.db
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
      inserted: 8,
      duplicates: 1,
      blocked: 1,
      rejected: 3,
      warnings: 2,
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
    const history = await context.t.database.db
      .selectFrom('lead_history')
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow();
    expect(history.count).toBe(0);

    const csv = await context.t.as(context).get(`/api/imports/${batch.id}/rejections.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(`linha;${header.join(';')};motivo`);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^10;Telefone Ruim;12345;.*;Telefone deve ter DDD e 8 ou 9 dígitos\.$/,
    );
    expect(lines[2]).toMatch(/^13;;11987650003;.*;Nome vazio\.$/);
    // Formula injection: the cell starts with an apostrophe, so Excel shows it as text.
    expect(lines[3]).toMatch(/^14;"'=HYPERLINK\(""http:\/\/mal""\)";x;/);

    // A callable row with a wrong CPF or e-mail is imported without it, and listed apart.
    expect(await leadByPhone('+5511987650001')).toMatchObject({ name: 'CPF Ruim', cpf: null });
    expect(await leadByPhone('+5511987650002')).toMatchObject({ name: 'Email Ruim', email: null });
    const warned = await context.t.as(context).get(`/api/imports/${batch.id}/warnings.csv`);
    expect(warned.statusCode).toBe(200);
    expect(warned.headers['content-disposition']).toContain(
      `com-avisos-importacao-${batch.id}.csv`,
    );
    const warnedLines = warned.body.slice(1).trimEnd().split('\r\n');
    expect(warnedLines).toEqual([
      `linha;${header.join(';')};aviso`,
      expect.stringMatching(
        /^11;CPF Ruim;11987650001;;123\.456\.789-00;.*;CPF inválido: importado sem o CPF\.$/,
      ),
      expect.stringMatching(
        /^12;Email Ruim;11987650002;nao-e-email;.*;E-mail inválido: importado sem o e-mail\.$/,
      ),
    ]);
  });

  it('imports a UTF-8 CSV with BOM and counts phones already stored as duplicates', async () => {
    const file = utf8Csv(
      [
        ['nome completo', 'celular', 'whatsapp', 'email'],
        ['Zé Ninguém', '(11) 98765-4321', '', ''],
        ['Novo Lead', '(31) 99876-5432', '31 99876-5439', 'novo@exemplo.com'],
      ],
      ',',
      true,
    );
    const preview = await postForm(
      context.t.app,
      '/api/imports/preview',
      context.cookie,
      file,
      'a.csv',
    );
    expect(preview.json()).toMatchObject({
      encoding: 'utf-8',
      delimiter: ',',
      mapping: {
        'nome completo': 'name',
        celular: 'phone',
        whatsapp: 'whatsapp',
        email: 'email',
      },
    });
    const batch = await importFile(file, 'a.csv', { source: 'Feira 2024' });
    expect(batch).toMatchObject({ status: 'done', inserted: 1, duplicates: 1, rejected: 0 });
    expect(await leadByPhone('+5531998765432')).toMatchObject({
      name: 'Novo Lead',
      source: 'Feira 2024',
      // The WhatsApp column is one of the lead's numbers (lead_phones), not a free column.
      extra: {},
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
    const preview = await postForm(
      context.t.app,
      '/api/imports/preview',
      context.cookie,
      file,
      'p.xlsx',
    );
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

  it('counts each row of a blocked number, on either list, and fills no blocked lead', async () => {
    const { db } = context.t.database;
    const source = await db
      .insertInto('block_list_sources')
      .values({ name: 'Procon-RS', name_key: 'procon-rs', list_date: '2026-11-01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('block_list_phones')
      .values(
        ['+5551988880001', '+5551988880002'].map((phone) => ({ phone, source_id: source.id })),
      )
      .execute();
    await db
      .insertInto('do_not_call')
      .values({ phone: '+5551988880002', reason: 'pediu', created_by: null })
      .execute();
    await db.insertInto('leads').values({ name: 'Guardado', phone: '+5551988880001' }).execute();
    const file = utf8Csv(
      [
        ['nome', 'telefone', 'email'],
        ['Lista Externa', '(51) 98888-0001', 'externa@exemplo.com'],
        ['Nas Duas', '(51) 98888-0002', ''],
        ['Nas Duas De Novo', '51 98888-0002', ''],
        ['Livre', '(51) 98888-0003', ''],
      ],
      ';',
      false,
    );
    const batch = await importFile(file, 'b.csv', { fillEmptyFields: 'true' });
    expect(batch).toMatchObject({ status: 'done', inserted: 1, updated: 0, blocked: 3 });
    expect(await leadByPhone('+5551988880001')).toMatchObject({ name: 'Guardado', email: null });
    expect(await leadByPhone('+5551988880002')).toBeUndefined();
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

  it('lists the batches, newest first', async () => {
    const response = await context.t.as(context).get('/api/imports');
    expect(response.statusCode).toBe(200);
    const { batches } = response.json();
    expect(batches.length).toBeGreaterThanOrEqual(6);
    expect(batches[0].id).toBeGreaterThan(batches[1].id);
    expect(batches[0].createdByName).toBe('Admin Teste');
  });
});
