import { createReadStream } from 'node:fs';
import { parse as parseCsv } from 'csv-parse';
import iconv from 'iconv-lite';
import { type CsvSettings, csvParseOptions, type FileInspection } from './file-inspection.ts';
import type { FileRow, ReadProgress } from './file-row.ts';
import { readXlsxRows } from './xlsx-reader.ts';

const defaultCsv: CsvSettings = { encoding: 'utf-8', bom: false, delimiter: ',' };

/** The rows of an inspected file, streamed, whatever its format; the header is the first. */
export function readFileRows(
  filePath: string,
  inspection: FileInspection,
  progress: ReadProgress,
): AsyncGenerator<FileRow> {
  return inspection.format === 'xlsx'
    ? readXlsxRows(filePath, progress)
    : readCsvRows(filePath, inspection.csv ?? defaultCsv, progress);
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
