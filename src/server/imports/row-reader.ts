import { createReadStream } from 'node:fs';
import { parse as parseCsv } from 'csv-parse';
import type ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { loadExcelJs } from '../export/load-exceljs.ts';
import { type CsvSettings, csvParseOptions } from './file-inspection.ts';

export interface FileRow {
  /** The row number as a spreadsheet shows it: the header is row 1. */
  rowNumber: number;
  cells: string[];
}

/** Counts the bytes read from the file, so progress can be estimated before the end. */
export interface ReadProgress {
  bytesRead: number;
}

/** The rows of a CSV, streamed: one record at a time, with backpressure. */
export async function* readCsvRows(
  filePath: string,
  settings: CsvSettings,
  progress: ReadProgress = { bytesRead: 0 },
): AsyncGenerator<FileRow> {
  const file = createReadStream(filePath, { highWaterMark: 256 * 1024 });
  file.on('data', (chunk) => {
    progress.bytesRead += chunk.length;
  });
  const parser = parseCsv({ ...csvParseOptions(settings.delimiter), bom: settings.bom });
  if (settings.encoding === 'windows-1252') {
    file.pipe(iconv.decodeStream('win1252')).pipe(parser);
  } else {
    file.pipe(parser);
  }
  file.on('error', (error) => parser.destroy(error));
  let rowNumber = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber++;
      yield { rowNumber, cells: record };
    }
  } finally {
    file.destroy();
  }
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value);
}

/** The rows of the first worksheet of an XLSX, streamed. */
export async function* readXlsxRows(
  filePath: string,
  progress: ReadProgress = { bytesRead: 0 },
): AsyncGenerator<FileRow> {
  const file = createReadStream(filePath, { highWaterMark: 256 * 1024 });
  file.on('data', (chunk) => {
    progress.bytesRead += chunk.length;
  });
  const { default: Excel } = await loadExcelJs();
  const workbook = new Excel.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  try {
    for await (const worksheet of workbook) {
      for await (const row of worksheet) {
        const values = row.values as ExcelJS.CellValue[];
        const cells: string[] = [];
        for (let column = 1; column < values.length; column++) {
          cells.push(cellText(values[column]));
        }
        if (cells.some((cell) => cell.trim() !== '')) yield { rowNumber: row.number, cells };
      }
      // Only the first worksheet is imported.
      break;
    }
  } finally {
    file.destroy();
  }
}
