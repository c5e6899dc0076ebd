import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import iconv from 'iconv-lite';
import yauzl from 'yauzl';
import { AppError } from '../http/app-error.ts';
import { CsvRecords } from './csv-records.ts';
import { readXlsxPreview } from './xlsx-reader.ts';

export type ImportFormat = 'csv' | 'xlsx';
export type CsvEncoding = 'utf-8' | 'windows-1252';
export type CsvDelimiter = ',' | ';' | '\t';

export interface CsvSettings {
  encoding: CsvEncoding;
  /** Whether the file starts with a UTF-8 byte order mark. */
  bom: boolean;
  delimiter: CsvDelimiter;
}

/** What is known of a file before importing it: enough to preview it and to check it. */
export interface FileInspection {
  format: ImportFormat;
  csv: CsvSettings | null;
  columns: string[];
  rows: string[][];
}

/** How much of a CSV is read to detect its encoding and delimiter and to preview it. */
const csvSampleBytes = 256 * 1024;
const previewRows = 20;

export const zipLimits = {
  maxEntries: 1000,
  maxUncompressedBytes: 1024 * 1024 * 1024,
  /** Real spreadsheets compress 5 to 30 times; a zip bomb, thousands. */
  maxRatio: 200,
};

const notCsvOrXlsx = 'O arquivo não é uma planilha CSV nem XLSX. Envie um arquivo .csv ou .xlsx.';
const corruptXlsx = 'O arquivo XLSX está corrompido ou não é uma planilha do Excel.';

/**
 * Looks at the content, never the name: a zip (PK\x03\x04) is an XLSX, readable text is a
 * CSV, anything else is refused. `partial` says the file may be cut short (the browser sends
 * only the first bytes of a CSV for the preview), so a cut last line is dropped.
 */
export async function inspectFile(
  filePath: string,
  options: { partial?: boolean } = {},
): Promise<FileInspection> {
  const handle = await open(filePath, 'r');
  let sample: Buffer;
  let size: number;
  try {
    size = (await handle.stat()).size;
    const buffer = Buffer.alloc(Math.min(size, csvSampleBytes));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    sample = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (size === 0) throw new AppError('BAD_REQUEST', 'O arquivo está vazio.');
  if (isZip(sample)) return inspectXlsx(filePath);
  const inspection = inspectCsvSample(sample, options.partial === true || size > sample.length);
  // The sample decides only for a preview: an accent first met past it (row 12 000 of an
  // Excel file) would be read as UTF-8 and stored as U+FFFD. An import reads the whole file.
  const csv = inspection.csv;
  if (!options.partial && csv && csv.encoding === 'utf-8' && !csv.bom && size > sample.length) {
    if (!(await isUtf8File(filePath))) {
      return inspectCsvSample(sample, true, 'windows-1252');
    }
  }
  return inspection;
}

/** Whether the whole file is valid UTF-8: one streamed pass, no text kept. */
async function isUtf8File(filePath: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(filePath, { highWaterMark: 1024 * 1024 })) {
      decoder.decode(chunk as Buffer, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32BE(0) === 0x504b0304;
}

/** Decodes a CSV sample, or refuses it when it is not text. */
export function detectCsvEncoding(sample: Buffer): { encoding: CsvEncoding; bom: boolean } {
  const bom = sample.length >= 3 && sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf;
  if (bom) return { encoding: 'utf-8', bom };
  try {
    // stream: true leaves a character cut at the end of the sample undecoded instead of failing.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return { encoding: 'utf-8', bom: false };
  } catch {
    return { encoding: 'windows-1252', bom: false };
  }
}

function decode(sample: Buffer, settings: { encoding: CsvEncoding; bom: boolean }): string {
  if (settings.encoding === 'windows-1252') return iconv.decode(sample, 'win1252');
  return new TextDecoder('utf-8').decode(settings.bom ? sample.subarray(3) : sample, {
    stream: true,
  });
}

/** Text has few control characters; images, PDFs and executables have many. */
function looksBinary(text: string): boolean {
  const probe = text.slice(0, 8192);
  let control = 0;
  for (let index = 0; index < probe.length; index++) {
    const code = probe.charCodeAt(index);
    if (code === 0) return true;
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) control++;
  }
  return control > probe.length * 0.01;
}

/** The five bytes Windows-1252 leaves without a character. */
const unassignedIn1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/**
 * Whether bytes that are not UTF-8 are no Windows-1252 text either: more than 1 % of the
 * probe are bytes Windows-1252 has no character for, outside a well-formed UTF-8 sequence
 * (where "Á" is C3 81 and "”" E2 80 9D, in a file that mixes the two).
 */
function neitherUtf8Nor1252(bytes: Buffer): boolean {
  const end = Math.min(bytes.length, 8192);
  let unassigned = 0;
  for (let index = 0; index < end; index++) {
    const byte = bytes[index] as number;
    const length = byte >= 0xf0 && byte <= 0xf4 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc2 ? 2 : 1;
    if (length > 1 && byte < 0xf5) {
      let next = index + 1;
      while (next < index + length && ((bytes[next] ?? 0) & 0xc0) === 0x80) next++;
      if (next === index + length) {
        index = next - 1;
        continue;
      }
    }
    if (unassignedIn1252.has(byte)) unassigned++;
  }
  return unassigned > end * 0.01;
}

/** The delimiter seen most often in the header line, outside quotes. */
export function detectDelimiter(headerLine: string): CsvDelimiter {
  const counts = { ',': 0, ';': 0, '\t': 0 } as Record<CsvDelimiter, number>;
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char in counts) counts[char as CsvDelimiter]++;
  }
  let best: CsvDelimiter = ',';
  for (const delimiter of [';', '\t'] as const) {
    if (counts[delimiter] > counts[best]) best = delimiter;
  }
  return best;
}

function inspectCsvSample(sample: Buffer, cut: boolean, encoding?: CsvEncoding): FileInspection {
  const settings = encoding ? { encoding, bom: false } : detectCsvEncoding(sample);
  let text = decode(sample, settings);
  if (looksBinary(text) || (settings.encoding === 'windows-1252' && neitherUtf8Nor1252(sample))) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', notCsvOrXlsx);
  }
  if (cut) {
    const lastNewline = text.lastIndexOf('\n');
    if (lastNewline > 0) text = text.slice(0, lastNewline + 1);
  }
  if (text.trim() === '') throw new AppError('BAD_REQUEST', 'O arquivo está vazio.');
  const headerLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = detectDelimiter(headerLine);
  const records = previewRecords(text, delimiter);
  const [header, ...rows] = records;
  if (!header) throw new AppError('BAD_REQUEST', 'O arquivo está vazio.');
  return {
    format: 'csv',
    csv: { ...settings, delimiter },
    columns: headerNames(header),
    rows,
  };
}

/**
 * The header and the rows shown in a preview. A sample cut short ends at a line break that may
 * lie inside quotes, so it is read to its end only when it holds fewer rows than shown.
 */
function previewRecords(text: string, delimiter: CsvDelimiter): string[][] {
  const csv = new CsvRecords(delimiter);
  const records = csv.push(text);
  if (records.length <= previewRows) records.push(...csv.end());
  return records.slice(0, previewRows + 1);
}

/**
 * Header cells trimmed, blank ones named by position, repeated ones numbered. Each name's next
 * number is remembered, so the k-th copy of a name does not try the k-1 names before it: a
 * header of 20,000 copies held the server for 15 seconds.
 */
export function headerNames(header: string[]): string[] {
  const seen = new Set<string>();
  const nextCopy = new Map<string, number>();
  return header.map((cell, index) => {
    const trimmed = cell.trim();
    let name = trimmed || `Coluna ${index + 1}`;
    if (seen.has(name)) {
      let copy = nextCopy.get(trimmed) ?? 2;
      do name = `${trimmed} (${copy++})`;
      while (seen.has(name));
      nextCopy.set(trimmed, copy);
    }
    seen.add(name);
    return name;
  });
}

/** Checks the zip before any XML is parsed: entries, declared sizes, compression ratio. */
export async function checkZip(filePath: string): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(filePath, { lazyEntries: true, autoClose: true }, (error, file) =>
      error || !file ? reject(error) : resolve(file),
    ),
  ).catch(() => {
    throw new AppError('BAD_REQUEST', corruptXlsx);
  });
  let entries = 0;
  let compressed = 0;
  let uncompressed = 0;
  let hasWorkbook = false;
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries++;
      compressed += entry.compressedSize;
      uncompressed += entry.uncompressedSize;
      if (entry.fileName === 'xl/workbook.xml') hasWorkbook = true;
      if (entries > zipLimits.maxEntries || uncompressed > zipLimits.maxUncompressedBytes) {
        zip.close();
        reject(new AppError('BAD_REQUEST', tooBig));
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', () => reject(new AppError('BAD_REQUEST', corruptXlsx)));
    zip.readEntry();
  });
  const ratio = uncompressed / Math.max(compressed, 1);
  if (uncompressed > 10 * 1024 * 1024 && ratio > zipLimits.maxRatio) {
    throw new AppError('BAD_REQUEST', tooBig);
  }
  if (!hasWorkbook) throw new AppError('BAD_REQUEST', corruptXlsx);
}

const tooBig =
  'O arquivo XLSX descompactado seria grande demais (possível "bomba zip"). Divida a planilha.';

async function inspectXlsx(filePath: string): Promise<FileInspection> {
  await checkZip(filePath);
  let records: string[][];
  try {
    records = await readXlsxPreview(filePath, previewRows + 1);
  } catch (error) {
    // A file past the file limits says which; anything else the reader could not follow.
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', corruptXlsx);
  }
  const [header, ...rows] = records;
  if (!header || header.every((cell) => cell.trim() === '')) {
    throw new AppError('BAD_REQUEST', 'A planilha está vazia.');
  }
  return { format: 'xlsx', csv: null, columns: headerNames(header), rows };
}
