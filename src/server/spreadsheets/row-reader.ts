import { createReadStream } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import iconv from 'iconv-lite';
import { CsvRecords } from './csv-records.ts';
import type { CsvSettings, FileInspection } from './file-inspection.ts';
import type { FileRow, ReadProgress } from './file-row.ts';
import { readXlsxRows } from './xlsx-reader.ts';

const defaultCsv: CsvSettings = { encoding: 'utf-8', bom: false, delimiter: ',' };

/**
 * The rows of an inspected file, streamed, whatever its format (the header is the first), in
 * batches: a batch is what the CSV reader holds at that moment (up to `batchRows`), so a
 * million-row file costs a few thousand awaited promises instead of a few per row, which the
 * server's async context tracking makes dear.
 *
 * Each batch is handed over on a turn of the event loop of its own. The reader holds a whole
 * read of the file (256 kB, over a thousand rows), and handing its rows over costs no turn:
 * the caller's work on them (an import normalises each row) held the loop for tens of
 * milliseconds at a time, while the database waited for the COPY's data and the next
 * statement, and the server's requests waited too (an import's progress request: 290–300 ms
 * p95 over 1M rows, 55–60 ms in batches of 250 on turns of their own).
 */
export async function* readFileRowBatches(
  filePath: string,
  inspection: FileInspection,
  progress: ReadProgress,
  batchRows = 250,
): AsyncGenerator<FileRow[]> {
  for await (const batch of rowBatches(filePath, inspection, progress, batchRows)) {
    await nextTurn();
    yield batch;
  }
}

async function* rowBatches(
  filePath: string,
  inspection: FileInspection,
  progress: ReadProgress,
  batchRows: number,
): AsyncGenerator<FileRow[]> {
  if (inspection.format === 'csv') {
    yield* readCsvRowBatches(filePath, inspection.csv ?? defaultCsv, progress, batchRows);
    return;
  }
  // A batch of an XLSX also ends at batchCharacters: its rows may each hold up to a megabyte.
  let batch: FileRow[] = [];
  let characters = 0;
  for await (const row of readXlsxRows(filePath, progress)) {
    batch.push(row);
    for (const cell of row.cells) characters += cell.length;
    if (batch.length >= batchRows || characters >= batchCharacters) {
      yield batch;
      batch = [];
      characters = 0;
    }
  }
  if (batch.length > 0) yield batch;
}

/** The most characters an XLSX batch holds, a few megabytes, whatever its rows. */
const batchCharacters = 2 * 1024 * 1024;

/** A decoder of the file's bytes into text, a chunk at a time; `end` flushes it. */
function textDecoder(settings: CsvSettings) {
  if (settings.encoding === 'windows-1252') {
    const decoder = iconv.getDecoder('win1252');
    return { write: (bytes: Buffer) => decoder.write(bytes), end: () => decoder.end() ?? '' };
  }
  // Strips the byte order mark, and keeps a character cut between two chunks for the next.
  const decoder = new TextDecoder('utf-8');
  return {
    write: (bytes: Buffer) => decoder.decode(bytes, { stream: true }),
    end: () => decoder.decode(),
  };
}

/**
 * The rows of a CSV in batches, a read of the file (256 kB) at a time: the file is read on
 * only as its rows are taken.
 */
async function* readCsvRowBatches(
  filePath: string,
  settings: CsvSettings,
  progress: ReadProgress,
  batchRows: number,
): AsyncGenerator<FileRow[]> {
  const file = createReadStream(filePath, { highWaterMark: 256 * 1024 });
  const decoder = textDecoder(settings);
  const csv = new CsvRecords(settings.delimiter);
  let rowNumber = 0;
  function* batches(records: string[][]) {
    for (let start = 0; start < records.length; start += batchRows) {
      yield records
        .slice(start, start + batchRows)
        .map((cells) => ({ rowNumber: ++rowNumber, cells }));
    }
  }
  try {
    for await (const bytes of file) {
      progress.bytesRead += bytes.length;
      yield* batches(csv.push(decoder.write(bytes)));
    }
    yield* batches([...csv.push(decoder.end()), ...csv.end()]);
  } finally {
    file.destroy();
  }
}
