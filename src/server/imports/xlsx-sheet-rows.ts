import type { FileRow } from './file-row.ts';
import { serialDateText } from './xlsx-dates.ts';
import { maxCellCharacters, type SharedStrings } from './xlsx-parts.ts';
import { attributeValue, XlsxReadError, type XmlHandler } from './xlsx-xml.ts';

/** Excel's own limit: 16 384 columns, A to XFD. */
const maxColumns = 16_384;

/** A cell before its shared string is looked up: the index, or the text itself. */
type PendingCell = string | number;

/** Builds rows from the events of a worksheet's XML. */
export class SheetRows implements XmlHandler {
  wantsText = false;
  finished = false;
  largestSharedIndex = -1;
  private rows: FileRow[] = [];
  private rowNumber = 0;
  private cells: PendingCell[] = [];
  private column = -1;
  private cellType = 'n';
  private cellStyle = 0;
  private value = '';
  private inCell = false;
  private inInline = false;
  private inPhonetic = false;

  /**
   * With the shared strings at hand the rows carry text; without, their indexes. Numbers in
   * the cell styles `dateStyles` names are dates, written dd/mm/aaaa.
   */
  constructor(
    private readonly strings: SharedStrings | null,
    private readonly dateStyles: ReadonlySet<number> = new Set(),
  ) {}

  open(name: string, attributes: string) {
    switch (name) {
      case 'row': {
        const number = Number(attributeValue(attributes, 'r'));
        this.rowNumber = Number.isInteger(number) && number > 0 ? number : this.rowNumber + 1;
        this.cells = [];
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
        if (this.cells.some((cell) => typeof cell === 'number' || cell.trim() !== '')) {
          const cells = this.cells;
          for (let index = 0; index < cells.length; index++) cells[index] ??= '';
          this.rows.push({ rowNumber: this.rowNumber, cells: cells as string[] });
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

  /**
   * The rows completed since the last call. Built without the shared strings (for a preview),
   * their cells may still be indexes, which `resolve` turns into text.
   */
  take(): FileRow[] {
    const rows = this.rows;
    this.rows = [];
    return rows;
  }

  resolve(cell: PendingCell, strings: SharedStrings): string {
    return typeof cell === 'number' ? strings.get(cell) : cell;
  }

  private storeCell() {
    let cell: PendingCell;
    const value = this.value;
    switch (this.cellType) {
      case 's': {
        const index = Number(value);
        if (!Number.isInteger(index) || index < 0) {
          cell = '';
        } else if (this.strings) {
          cell = this.strings.get(index);
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
    this.cells[this.column] =
      typeof cell === 'string' && cell.length > maxCellCharacters
        ? cell.slice(0, maxCellCharacters)
        : cell;
  }
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
