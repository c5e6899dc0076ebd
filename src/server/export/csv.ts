import { stringify } from 'csv-stringify/sync';

/** A cell of a CSV line: text or a number. */
export type CsvCell = string | number;

/**
 * CSV lines as Excel in Brazil reads them (`;`, CRLF), quoted wherever a reader that guesses
 * the delimiter could split or join a cell: any `,` `;` `"` or line break. Every CSV CCA
 * writes goes through here; the file starts with `csvBom`.
 */
export function csvLines(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(rows as CsvCell[][], {
    delimiter: ';',
    record_delimiter: '\r\n',
    quoted_match: /[,;"\r\n]/,
    cast: { number: (value) => String(value) },
  });
}

/** UTF-8's byte order mark: without it Excel reads the accents as Windows-1252. */
export const csvBom = '\uFEFF';
