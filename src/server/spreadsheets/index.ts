/**
 * The CSV and XLSX readers: a file's first look (format, encoding, columns, a few rows) and
 * its rows a batch at a time, within the same limits for every feature that reads a list
 * (the lead import, the block lists).
 */
export { type FileInspection, inspectFile } from './file-inspection.ts';
export type { FileRow, ReadProgress } from './file-row.ts';
export { readFileRowBatches } from './row-reader.ts';
