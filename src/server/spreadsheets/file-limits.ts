import { AppError } from '../http/app-error.ts';

/**
 * How much a file may expand to once read, whatever its format. A file's size says little: a
 * 20 kB XLSX can name one long shared string from every cell, and a CSV line can run for
 * hundreds of megabytes. Each reader checks these as it goes, before the memory is spent, and
 * answers a 400 naming the limit passed.
 */
export const fileLimits = {
  /** Columns with a value in a row: real lists have tens; Excel allows 16,384. */
  maxColumns: 1000,
  /** Excel's own limit of characters in a cell. */
  maxCellCharacters: 32_767,
  /** Characters in a row, its cells together. */
  maxRowCharacters: 1024 * 1024,
  /** Characters in the rows read to inspect a file: its header and the preview's rows. */
  maxPreviewCharacters: 2_000_000,
};

const count = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

export function tooManyColumns(rowNumber: number, columns: number): AppError {
  return new AppError(
    'BAD_REQUEST',
    `A linha ${rowNumber} tem ${count.format(columns)} colunas; o limite é ${count.format(fileLimits.maxColumns)}.`,
  );
}

export function cellTooLong(rowNumber: number, column: number): AppError {
  return new AppError(
    'BAD_REQUEST',
    `A célula da linha ${rowNumber}, coluna ${column}, tem mais de ${count.format(fileLimits.maxCellCharacters)} caracteres; o limite é ${count.format(fileLimits.maxCellCharacters)}.`,
  );
}

export function rowTooLong(rowNumber: number): AppError {
  return new AppError(
    'BAD_REQUEST',
    `A linha ${rowNumber} tem mais de ${count.format(fileLimits.maxRowCharacters)} caracteres; o limite é ${count.format(fileLimits.maxRowCharacters)}.`,
  );
}

export function previewTooLong(): AppError {
  return new AppError(
    'BAD_REQUEST',
    `As primeiras linhas do arquivo têm mais de ${count.format(fileLimits.maxPreviewCharacters)} caracteres; o limite é ${count.format(fileLimits.maxPreviewCharacters)}.`,
  );
}
