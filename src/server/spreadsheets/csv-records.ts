import { AppError } from '../http/app-error.ts';
import { cellTooLong, fileLimits, rowTooLong, tooManyColumns } from './file-limits.ts';

const quote = 0x22;
const lineFeed = 0x0a;
const carriageReturn = 0x0d;

/**
 * The longest record kept waiting for its end. Real rows are well under a kilobyte: a record
 * past this is a quote left open, or a file that is no list (a line of hundreds of megabytes),
 * and reading on would hold the rest of the file in memory.
 */
const maxRecordLength = fileLimits.maxRowCharacters;

/**
 * A quote opened and never closed, found at the record `rowNumber` (1 is the header): the
 * preview's answer, or the failed import's message, as it is.
 */
export class CsvQuoteError extends AppError {
  constructor(readonly rowNumber: number) {
    super(
      'BAD_REQUEST',
      `Não foi possível ler o CSV: uma aspa aberta na linha ${rowNumber} não é fechada. Verifique as aspas do arquivo.`,
    );
  }
}

/**
 * Splits CSV text into records, a piece of text at a time, the way Excel and the lists call
 * centres buy write them:
 *
 * - a field in quotes may hold the delimiter, line breaks and doubled quotes (`""`);
 * - a quote anywhere else is text, and so is a closing quote followed by more than the
 *   delimiter or a line break (the field is kept as written);
 * - a line ends at CRLF, LF or CR, whichever the file mixes;
 * - records whose fields are all blank are left out, and records may have any number of fields
 *   up to the file limits (file-limits.ts): columns with a value, characters per field and per
 *   record, each checked as the record is split, before more of it is kept.
 *
 * It replaced csv-parse, which read the same records three times slower (decision 030).
 */
export class CsvRecords {
  private readonly delimiter: number;
  /** The start of a record whose end has not arrived yet. */
  private unfinished = '';
  private recordsRead = 0;
  /** Whether the unfinished record stopped inside a quoted field. */
  private inQuotes = false;

  constructor(delimiter: string) {
    this.delimiter = delimiter.charCodeAt(0);
  }

  /** The records that `text` finishes. */
  push(text: string): string[][] {
    const records: string[][] = [];
    const all = this.unfinished === '' ? text : this.unfinished + text;
    this.unfinished = all.slice(this.split(all, false, records));
    if (this.unfinished.length > maxRecordLength) {
      throw this.inQuotes
        ? new CsvQuoteError(this.recordsRead + 1)
        : rowTooLong(this.recordsRead + 1);
    }
    return records;
  }

  /** The last records, at the end of the text. */
  end(): string[][] {
    const records: string[][] = [];
    this.split(this.unfinished, true, records);
    this.unfinished = '';
    return records;
  }

  /**
   * Adds the records `text` holds to `records` and answers where the first one it does not
   * finish starts. At the end of the text (`final`), every record is finished.
   */
  private split(text: string, final: boolean, records: string[][]): number {
    const { delimiter } = this;
    const length = text.length;
    let index = 0;
    while (index < length) {
      const recordStart = index;
      const fields: string[] = [];
      for (;;) {
        let field: string;
        let code = text.charCodeAt(index);
        if (code === quote) {
          let from = index + 1;
          field = '';
          for (;;) {
            const close = text.indexOf('"', from);
            if (close === -1 || (close + 1 === length && !final)) {
              if (final) throw new CsvQuoteError(this.recordsRead + 1);
              this.inQuotes = true;
              return recordStart;
            }
            field += text.slice(from, close);
            index = close + 1;
            code = text.charCodeAt(index);
            if (code === quote) {
              field += '"';
              from = index + 1;
              continue;
            }
            if (index < length && !endsField(code, delimiter)) {
              const rest = index;
              index = fieldEnd(text, index, delimiter);
              field = `"${field}"${text.slice(rest, index)}`;
            }
            break;
          }
        } else {
          const start = index;
          index = fieldEnd(text, index, delimiter);
          field = text.slice(start, index);
        }
        if (field.length > fileLimits.maxCellCharacters) {
          throw cellTooLong(this.recordsRead + 1, fields.length + 1);
        }
        fields.push(field);
        if (index === length) {
          if (!final) {
            this.inQuotes = false;
            return recordStart;
          }
          break;
        }
        code = text.charCodeAt(index++);
        if (code === delimiter) continue;
        if (code === carriageReturn) {
          if (index === length && !final) {
            this.inQuotes = false;
            return recordStart;
          }
          if (text.charCodeAt(index) === lineFeed) index++;
        }
        break;
      }
      if (index - recordStart > maxRecordLength) throw rowTooLong(this.recordsRead + 1);
      if (fields.length > fileLimits.maxColumns) checkColumns(fields, this.recordsRead + 1);
      if (!isBlank(fields)) {
        records.push(fields);
        this.recordsRead++;
      }
    }
    return length;
  }
}

function endsField(code: number, delimiter: number): boolean {
  return code === delimiter || code === lineFeed || code === carriageReturn;
}

/** Where the unquoted field from `index` ends: at the delimiter, a line break or the text's end. */
function fieldEnd(text: string, index: number, delimiter: number): number {
  const length = text.length;
  while (index < length && !endsField(text.charCodeAt(index), delimiter)) index++;
  return index;
}

/** Blank fields past the last column allowed are let be (Excel pads rows with delimiters). */
function checkColumns(fields: string[], recordNumber: number) {
  let last = fields.length - 1;
  while (last >= fileLimits.maxColumns && (fields[last] as string).trim() === '') last--;
  if (last >= fileLimits.maxColumns) throw tooManyColumns(recordNumber, last + 1);
  fields.length = last + 1;
}

function isBlank(fields: string[]): boolean {
  for (const field of fields) if (field.trim() !== '') return false;
  return true;
}
