import {
  cellTooLong,
  fileLimits,
  previewTooLong,
  rowTooLong,
  tooManyColumns,
} from './file-limits.ts';
import type { FileRow } from './file-row.ts';
import { serialDateText } from './xlsx-dates.ts';
import { maxCellCharacters, type SharedStrings } from './xlsx-parts.ts';
import { attributeValue, XlsxReadError, type XmlHandler } from './xlsx-xml.ts';

/** Excel's own limit: 16 384 columns, A to XFD. */
const maxColumns = 16_384;

/** A cell before its shared string is looked up: the index, or the text itself. */
type PendingCell = string | number;

/** A row whose shared strings are still indexes. */
export interface PendingRow {
  rowNumber: number;
  cells: PendingCell[];
}

/**
 * Builds rows from the events of a worksheet's XML. Their shared strings stay indexes until
 * `resolveRow` turns a row into text, one row at a time: a chunk of a sheet holds thousands of
 * cells, and each may name the same string of 32,767 characters.
 */
export class SheetRows implements XmlHandler {
  wantsText = false;
  finished = false;
  largestSharedIndex = -1;
  private rows: PendingRow[] = [];
  private rowNumber = 0;
  private cells: PendingCell[] = [];
  /** The last column with a value past the limit in the current row, 1-based; 0 when none. */
  private columnsPastLimit = 0;
  private column = -1;
  private cellType = 'n';
  private cellStyle = 0;
  private value = '';
  private inCell = false;
  private inInline = false;
  private inPhonetic = false;

  /** Numbers in the cell styles `dateStyles` names are dates, written dd/mm/aaaa. */
  constructor(private readonly dateStyles: ReadonlySet<number> = new Set()) {}

  open(name: string, attributes: string) {
    switch (name) {
      case 'row': {
        const number = Number(attributeValue(attributes, 'r'));
        this.rowNumber = Number.isInteger(number) && number > 0 ? number : this.rowNumber + 1;
        this.cells = [];
        this.columnsPastLimit = 0;
        this.column = -1;
        break;
      }
      case 'c': {
        const reference = attributeValue(attributes, 'r');
        this.column = reference ? columnIndex(reference) : this.column + 1;
        if (this.column >= maxColumns) throw new XlsxReadError('coluna além de XFD');
        this.cellType = attributeValue(attributes, 't') ?? 'n';
        this.cellStyle = Number(attributeValue(attributes, 's') ?? 0);
        this.value = '';
        this.inCell = true;
        break;
      }
      case 'v':
        this.wantsText = this.inCell;
        break;
      case 'is':
        this.inInline = this.inCell;
        break;
      case 'rPh':
        this.inPhonetic = true;
        break;
      case 't':
        this.wantsText = this.inInline && !this.inPhonetic;
        break;
    }
  }

  close(name: string) {
    switch (name) {
      case 'v':
      case 't':
        this.wantsText = false;
        break;
      case 'rPh':
        this.inPhonetic = false;
        break;
      case 'is':
        this.inInline = false;
        break;
      case 'c':
        if (this.inCell) this.storeCell();
        this.inCell = false;
        break;
      case 'row':
        if (this.columnsPastLimit > 0) throw tooManyColumns(this.rowNumber, this.columnsPastLimit);
        if (this.cells.some((cell) => typeof cell === 'number' || cell.trim() !== '')) {
          const cells = this.cells;
          for (let index = 0; index < cells.length; index++) cells[index] ??= '';
          this.rows.push({ rowNumber: this.rowNumber, cells });
        }
        this.cells = [];
        break;
      case 'sheetData':
        this.finished = true;
        break;
    }
  }

  text(value: string) {
    if (this.value.length <= maxCellCharacters) this.value += value;
  }

  /** The rows completed since the last call, their shared strings still indexes. */
  take(): PendingRow[] {
    const rows = this.rows;
    this.rows = [];
    return rows;
  }

  private storeCell() {
    let cell: PendingCell;
    const value = this.value;
    switch (this.cellType) {
      case 's': {
        const index = Number(value);
        if (!Number.isInteger(index) || index < 0) {
          cell = '';
        } else {
          cell = index;
          if (index > this.largestSharedIndex) this.largestSharedIndex = index;
        }
        break;
      }
      case 'str':
      case 'inlineStr':
        cell = value;
        break;
      case 'b':
        cell = value === '' ? '' : String(value === '1' || value === 'true');
        break;
      case 'e':
        cell = '';
        break;
      case 'd':
        cell = value.slice(0, 10);
        break;
      default: {
        // Numbers as a spreadsheet shows them: 5.1999990001E10 is the phone 51999990001.
        const number = Number(value);
        cell =
          value.trim() === ''
            ? ''
            : !Number.isFinite(number)
              ? value
              : this.dateStyles.has(this.cellStyle)
                ? serialDateText(number)
                : String(number);
      }
    }
    if (typeof cell === 'string' && cell.length > maxCellCharacters) {
      throw cellTooLong(this.rowNumber, this.column + 1);
    }
    if (this.column < fileLimits.maxColumns) {
      this.cells[this.column] = cell;
    } else if (typeof cell === 'number' || cell.trim() !== '') {
      // Cells past the limit are not kept; a value among them refuses the row once it ends.
      this.columnsPastLimit = this.column + 1;
    }
  }
}

/**
 * A row's text, its shared strings looked up one cell at a time, refused as soon as a cell or
 * the row passes the file limits: a row of 1,000 cells naming one string of 32,767 characters
 * stops at its 33rd cell, not after 32 million characters. `budget` holds the characters the
 * caller still allows (the preview's), and is spent.
 */
export function resolveRow(
  row: PendingRow,
  strings: SharedStrings,
  budget?: { characters: number },
): FileRow {
  const cells: string[] = new Array(row.cells.length);
  let characters = 0;
  for (let index = 0; index < row.cells.length; index++) {
    const pending = row.cells[index] as PendingCell;
    const cell = typeof pending === 'number' ? strings.get(pending) : pending;
    if (cell.length > maxCellCharacters) throw cellTooLong(row.rowNumber, index + 1);
    characters += cell.length;
    if (characters > fileLimits.maxRowCharacters) throw rowTooLong(row.rowNumber);
    if (budget && characters > budget.characters) throw previewTooLong();
    cells[index] = cell;
  }
  if (budget) budget.characters -= characters;
  return { rowNumber: row.rowNumber, cells };
}

/** "AB12" → 27: the zero-based column of a cell reference. */
function columnIndex(reference: string): number {
  let column = 0;
  let index = 0;
  for (; index < reference.length && index < 4; index++) {
    const code = reference.charCodeAt(index) & ~0x20;
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  if (index === 0) throw new XlsxReadError('referência de célula inválida');
  return column - 1;
}
