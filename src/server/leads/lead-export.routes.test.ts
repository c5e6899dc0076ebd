import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpLeadTestApp } from './fixtures/lead-test-app.ts';
import { neutraliseCell } from './lead-export.ts';

const { context, seedBatch, seedLead } = setUpLeadTestApp();

describe('GET /api/leads/export', () => {
  let batch: number;
  beforeAll(async () => {
    batch = await seedBatch('março.csv', 'Feirão');
    await seedLead({
      batch_id: batch,
      name: '=HYPERLINK("http://mal.example","clique")',
      phone: '+5511987650001',
      cpf: '52998224725',
      city: '+cidade',
      uf: 'SP',
      status: 'assigned',
      owner_id: context.assessor.id,
      source: '@origem',
      attempts: 2,
      created_at: new Date('2026-03-01T15:04:00Z'),
    });
    const joao = await seedLead({
      batch_id: batch,
      name: 'João; "o Bom"',
      phone: '+5511987650002',
      created_at: new Date('2026-03-02T02:00:00Z'),
    });
    await context.t.database.db
      .insertInto('lead_phones')
      .values([
        { lead_id: joao, position: 0, phone: '+5511987650002', phone_raw: '-', label: 'Telefone' },
        {
          lead_id: joao,
          position: 1,
          phone: '+5511987650003',
          phone_raw: '-',
          label: 'WhatsApp',
          whatsapp: true,
        },
        {
          lead_id: joao,
          position: 2,
          phone: '+552134560004',
          phone_raw: '-',
          label: 'Fixo',
          state: 'invalid',
        },
      ])
      .execute();
  });

  it('streams CSV for Excel in Brazil: BOM, ;, CRLF, labels, local dates, formulas neutralised', async () => {
    const response = await context.t
      .as(context.admin)
      .get(`/api/leads/export?format=csv&batch=${batch}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}-\d{4}\.csv"$/,
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Nome;Telefone;Outros telefones;E-mail;CPF;Cidade;UF;Status;Assessor;Lote;Origem;Ligações;Reciclagens;Criado em',
    );
    expect(lines[1]).toBe(
      '"João; ""o Bom""";(11) 98765-0002;"(11) 98765-0003 WhatsApp, (21) 3456-0004 Inválido";;;;;Novo;;março.csv;;0;0;01/03/2026 23:00',
    );
    expect(lines[2]).toBe(
      `"'=HYPERLINK(""http://mal.example"",""clique"")";(11) 98765-0001;;;529.982.247-25;'+cidade;SP;Distribuído;Ana Assessora;março.csv;'@origem;2;0;01/03/2026 12:04`,
    );
    expect(lines[3]).toBe('');
  });

  it('streams XLSX that exceljs reads back', async () => {
    const response = await context.t
      .as(context.admin)
      .get(`/api/leads/export?format=xlsx&batch=${batch}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Leads');
    expect(sheet?.getRow(1).getCell(1).value).toBe('Nome');
    expect(sheet?.getRow(3).getCell(1).value).toBe('\'=HYPERLINK("http://mal.example","clique")');
    expect(sheet?.getRow(3).getCell(8).value).toBe('Distribuído');
    expect(sheet?.getRow(3).getCell(12).value).toBe(2);
    expect(sheet?.rowCount).toBe(3);
  });
});

describe('neutraliseCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+55 11', "'+55 11"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['Maria', 'Maria'],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(neutraliseCell(input)).toBe(output);
  });
});
