import { PassThrough, Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { wallTimeIn } from '../../core/wall-time.ts';
import { csvBom, csvLines } from './csv.ts';
import { loadExcelJs } from './load-exceljs.ts';

export type Cell = string | number;

/** What a spreadsheet export shows: its columns and how a row becomes cells. */
export interface SpreadsheetLayout<Row> {
  sheetName: string;
  headers: readonly string[];
  /** Column widths by header (characters); 16 when absent. */
  widths?: Readonly<Record<string, number>>;
  cells(row: Row): Cell[];
}

/** Rows arrive in chunks (keyset reads) so memory stays flat whatever the size. */
export type RowChunks<Row> = AsyncIterable<Row[]>;

export type ExportFormat = 'csv' | 'xlsx';

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or CR before one) as a
 * formula; the apostrophe makes it text again.
 */
export function neutraliseCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Free text as a cell: empty when absent, never a formula. */
export const textCell = (value: string | null | undefined): string => neutraliseCell(value ?? '');

/** UTF-8 with BOM, `;` and CRLF: what Excel in Brazil opens right with a double click. */
export function csvStream<Row>(chunks: RowChunks<Row>, layout: SpreadsheetLayout<Row>): Readable {
  async function* lines() {
    yield `${csvBom}${csvLines([layout.headers])}`;
    for await (const rows of chunks) {
      yield csvLines(rows.map((row) => layout.cells(row)));
    }
  }
  return Readable.from(lines());
}

/** XLSX written row by row by exceljs's streaming writer, waiting when the client is slow. */
export function xlsxStream<Row>(chunks: RowChunks<Row>, layout: SpreadsheetLayout<Row>): Readable {
  const output = new PassThrough();
  void (async () => {
    const { default: ExcelJS } = await loadExcelJs();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output,
      useSharedStrings: false,
      useStyles: true,
    });
    const sheet = workbook.addWorksheet(layout.sheetName);
    sheet.columns = layout.headers.map((header) => ({
      header,
      width: layout.widths?.[header] ?? 16,
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const rows of chunks) {
      for (const row of rows) sheet.addRow(layout.cells(row)).commit();
      if (output.writableNeedDrain) {
        await new Promise((resolve) => output.once('drain', resolve));
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `<prefix>-2026-11-22-0415`, in the call centre's time. */
export function exportFileName(prefix: string, timeZone: string, now = new Date()): string {
  const wall = wallTimeIn(now, timeZone);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${prefix}-${wall.year}-${two(wall.month)}-${two(wall.day)}-${two(wall.hour)}${two(wall.minute)}`;
}

/** Sends the rows as a downloaded file, streamed, never cached. */
export function sendSpreadsheet<Row>(
  reply: FastifyReply,
  options: {
    format: ExportFormat;
    fileNamePrefix: string;
    /** The call centre's zone (TIME_ZONE): the file is named for its date and time. */
    timeZone: string;
    chunks: RowChunks<Row>;
    layout: SpreadsheetLayout<Row>;
  },
) {
  const { format, chunks, layout } = options;
  reply.header(
    'content-disposition',
    `attachment; filename="${exportFileName(options.fileNamePrefix, options.timeZone)}.${format}"`,
  );
  if (format === 'xlsx') return reply.type(xlsxType).send(xlsxStream(chunks, layout));
  return reply.type('text/csv; charset=utf-8').send(csvStream(chunks, layout));
}
