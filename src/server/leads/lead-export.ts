import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { formatCpf } from '../../core/cpf.ts';
import { type LeadStatus, leadStatusLabels } from '../../core/lead-status.ts';
import { formatBrazilianPhone } from '../../core/phone.ts';

/** A lead as exported; erased leads are never among them. */
export interface ExportRow {
  name: string | null;
  phone: string | null;
  email: string | null;
  cpf: string | null;
  city: string | null;
  uf: string | null;
  status: LeadStatus;
  ownerName: string | null;
  batchName: string | null;
  source: string | null;
  attempts: number;
  recycles: number;
  /** Already dd/mm/aaaa HH:mm in America/Sao_Paulo. */
  createdAt: string;
}

export const exportHeaders = [
  'Nome',
  'Telefone',
  'E-mail',
  'CPF',
  'Cidade',
  'UF',
  'Status',
  'Assessor',
  'Lote',
  'Origem',
  'Tentativas',
  'Reciclagens',
  'Criado em',
] as const;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or CR before one) as a
 * formula; the apostrophe makes it text again.
 */
export function neutraliseCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function cells(row: ExportRow): (string | number)[] {
  const text = (value: string | null) => neutraliseCell(value ?? '');
  return [
    text(row.name),
    text(row.phone ? formatBrazilianPhone(row.phone) : null),
    text(row.email),
    text(row.cpf ? formatCpf(row.cpf) : null),
    text(row.city),
    text(row.uf),
    leadStatusLabels[row.status],
    text(row.ownerName),
    text(row.batchName),
    text(row.source),
    row.attempts,
    row.recycles,
    row.createdAt,
  ];
}

function csvField(value: string | number): string {
  const text = String(value);
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (values: readonly (string | number)[]) => `${values.map(csvField).join(';')}\r\n`;

type Chunks = AsyncIterable<ExportRow[]>;

/** UTF-8 with BOM, `;` and CRLF: what Excel in Brazil opens right with a double click. */
export function csvStream(chunks: Chunks): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(exportHeaders)}`;
    for await (const rows of chunks) yield rows.map((row) => csvLine(cells(row))).join('');
  }
  return Readable.from(lines());
}

/** XLSX written row by row by exceljs's streaming writer, waiting when the client is slow. */
export function xlsxStream(chunks: Chunks): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet('Leads');
  sheet.columns = exportHeaders.map((header) => ({ header, width: header === 'Nome' ? 32 : 16 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    for await (const rows of chunks) {
      for (const row of rows) sheet.addRow(cells(row)).commit();
      if (output.writableNeedDrain) {
        await new Promise((resolve) => output.once('drain', resolve));
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
