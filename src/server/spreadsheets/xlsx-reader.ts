import { fileLimits } from './file-limits.ts';
import type { FileRow, ReadProgress } from './file-row.ts';
import {
  openParts,
  readDateStyles,
  readSharedStrings,
  SharedStrings,
  scanPartInChunks,
} from './xlsx-parts.ts';
import { type PendingRow, resolveRow, SheetRows } from './xlsx-sheet-rows.ts';

/**
 * Reads the first worksheet of an XLSX through the zip's central directory, so its parts are
 * taken in the order a reader needs them, not the order they are stored in: Excel stores the
 * shared strings after the sheets, and a forward-only reader has to park the whole sheet
 * somewhere before it can name a single cell. Only the few elements that carry cell values are
 * looked at; the shared strings are kept as UTF-8 in large buffers, not as millions of strings.
 */

/**
 * The rows of the first worksheet, streamed. The shared strings are read first, whole; then
 * the sheet, a chunk at a time. `progress.bytesRead` moves through the file's size as the sheet
 * is read, so the importer's estimate of the row count stays a rule of three.
 */
export async function* readXlsxRows(
  filePath: string,
  progress: ReadProgress = { bytesRead: 0 },
): AsyncGenerator<FileRow> {
  const { zip, sheet, sharedStrings, styles } = await openParts(filePath);
  try {
    const strings = new SharedStrings();
    if (sharedStrings) await readSharedStrings(zip, sharedStrings, strings, Infinity);
    const rows = new SheetRows(await readDateStyles(zip, styles));
    let inflated = 0;
    const fileSize = zip.fileSize;
    for await (const batch of scanPartInChunks(zip, sheet, rows, (bytes) => {
      inflated += bytes;
      progress.bytesRead = Math.round((fileSize * inflated) / Math.max(sheet.uncompressedSize, 1));
    })) {
      // A row becomes text only when it is taken: the rows of a chunk, all at once, could
      // name gigabytes of shared strings.
      for (const row of batch) yield resolveRow(row, strings);
      if (rows.finished) break;
    }
  } finally {
    zip.close();
  }
}

/**
 * The first rows of the first worksheet, for a preview: only the start of the sheet is read,
 * then the shared strings up to the last one those rows use. Together the rows hold no more
 * than the file limits' preview characters.
 */
export async function readXlsxPreview(filePath: string, rowCount: number): Promise<string[][]> {
  const { zip, sheet, sharedStrings, styles } = await openParts(filePath);
  try {
    const rows = new SheetRows(await readDateStyles(zip, styles));
    const found: PendingRow[] = [];
    for await (const batch of scanPartInChunks(zip, sheet, rows)) {
      found.push(...batch);
      if (found.length >= rowCount || rows.finished) break;
    }
    const wanted = found.slice(0, rowCount);
    const strings = new SharedStrings();
    if (sharedStrings && rows.largestSharedIndex >= 0) {
      await readSharedStrings(zip, sharedStrings, strings, rows.largestSharedIndex + 1);
    }
    const budget = { characters: fileLimits.maxPreviewCharacters };
    return wanted.map((row) => resolveRow(row, strings, budget).cells);
  } finally {
    zip.close();
  }
}
