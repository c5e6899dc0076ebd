import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { parse as parseCsv } from 'csv-parse';
import iconv from 'iconv-lite';
import { type CsvSettings, csvParseOptions, type FileInspection } from './file-inspection.ts';
import type { FileRow, ReadProgress } from './file-row.ts';
import { readXlsxRows } from './xlsx-reader.ts';

const defaultCsv: CsvSettings = { encoding: 'utf-8', bom: false, delimiter: ',' };

/**
 * The rows of an inspected file, streamed, whatever its format (the header is the first), in
 * batches: a batch is what the CSV parser holds at that moment (up to `batchRows`), so a
 * million-row file costs a few thousand awaited promises instead of a few per row, which the
 * server's async context tracking makes dear.
 */
export async function* readFileRowBatches(
  filePath: string,
  inspection: FileInspection,
  progress: ReadProgress,
  batchRows = 2000,
): AsyncGenerator<FileRow[]> {
  if (inspection.format === 'csv') {
    yield* readCsvRowBatches(filePath, inspection.csv ?? defaultCsv, progress, batchRows);
    return;
  }
  let batch: FileRow[] = [];
  for await (const row of readXlsxRows(filePath, progress)) {
    batch.push(row);
    if (batch.length >= batchRows) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** A CSV's parser, fed from the file, and the file's stream to close afterwards. */
function csvParser(filePath: string, settings: CsvSettings, progress: ReadProgress) {
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
  return { file, parser };
}

/**
 * The rows of a CSV in batches of what its parser holds, with backpressure: the parser reads
 * on only as its rows are taken.
 */
async function* readCsvRowBatches(
  filePath: string,
  settings: CsvSettings,
  progress: ReadProgress,
  batchRows: number,
): AsyncGenerator<FileRow[]> {
  const { file, parser } = csvParser(filePath, settings, progress);
  const ended = new Promise<void>((resolve, reject) => {
    parser.once('end', resolve);
    parser.once('error', reject);
  });
  // Seen by the race below; without this an early failure would go unhandled.
  ended.catch(() => {});
  let rowNumber = 0;
  try {
    for (;;) {
      const batch: FileRow[] = [];
      for (let record = parser.read(); record !== null; record = parser.read()) {
        batch.push({ rowNumber: ++rowNumber, cells: record as string[] });
        if (batch.length >= batchRows) break;
      }
      if (batch.length > 0) {
        yield batch;
        continue;
      }
      if (parser.readableEnded) {
        await ended;
        return;
      }
      await Promise.race([once(parser, 'readable'), ended]);
    }
  } finally {
    file.destroy();
    parser.destroy();
  }
}
