import { createReadStream } from 'node:fs';
import { parse as parseCsv } from 'csv-parse';
import iconv from 'iconv-lite';
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

export { readXlsxRows } from './xlsx-reader.ts';
