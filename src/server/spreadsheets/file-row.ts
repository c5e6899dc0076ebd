/** One row of an imported file, whatever its format. */
export interface FileRow {
  /** The row number as a spreadsheet shows it: the header is row 1. */
  rowNumber: number;
  cells: string[];
}

/** Counts the bytes read from the file, so progress can be estimated before the end. */
export interface ReadProgress {
  bytesRead: number;
}
