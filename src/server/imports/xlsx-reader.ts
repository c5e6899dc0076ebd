import { posix } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import yauzl from 'yauzl';
import type { FileRow, ReadProgress } from './row-reader.ts';

/**
 * Reads the first worksheet of an XLSX through the zip's central directory, so its parts are
 * taken in the order a reader needs them, not the order they are stored in: Excel stores the
 * shared strings after the sheets, and a forward-only reader has to park the whole sheet
 * somewhere before it can name a single cell. Only the few elements that carry cell values are
 * looked at; the shared strings are kept as UTF-8 in large buffers, not as millions of strings.
 */

/** An XLSX this reader cannot make sense of; callers turn it into a pt-BR message. */
export class XlsxReadError extends Error {}

/** Excel's own limits: 16 384 columns, 32 767 characters in a cell. */
const maxColumns = 16_384;
const maxCellCharacters = 32_767;
/** No element or text of a real sheet comes near this; a file that does is not a spreadsheet. */
const maxPendingCharacters = 4 * 1024 * 1024;

interface XlsxParts {
  zip: yauzl.ZipFile;
  sheet: yauzl.Entry;
  sharedStrings: yauzl.Entry | undefined;
}

async function openParts(filePath: string): Promise<XlsxParts> {
  const zip = await yauzl.openPromise(filePath, { lazyEntries: true, autoClose: false });
  try {
    const entries = new Map<string, yauzl.Entry>();
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
    const relationships = await partTargets(zip, entries.get('xl/_rels/workbook.xml.rels'));
    const workbook = entries.get('xl/workbook.xml');
    if (!workbook) throw new XlsxReadError('sem xl/workbook.xml');
    const firstSheetId = await firstSheetRelationship(zip, workbook);
    const sheetPath =
      (firstSheetId && relationships.byId.get(firstSheetId)) ?? 'xl/worksheets/sheet1.xml';
    const sheet =
      entries.get(sheetPath) ??
      [...entries.values()].find((entry) => /^xl\/worksheets\/[^/]+\.xml$/.test(entry.fileName));
    if (!sheet) throw new XlsxReadError('sem planilha');
    const sharedStrings = entries.get(relationships.sharedStrings ?? 'xl/sharedStrings.xml');
    return { zip, sheet, sharedStrings };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** Where xl/_rels/workbook.xml.rels points: each relationship id's part, and the shared strings. */
async function partTargets(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined) {
  const byId = new Map<string, string>();
  let sharedStrings: string | undefined;
  if (!entry) return { byId, sharedStrings };
  await scanPart(zip, entry, {
    wantsText: false,
    open(name, attributes) {
      if (name !== 'Relationship') return;
      const target = attributeValue(attributes, 'Target');
      if (!target) return;
      // Targets are relative to xl/ unless they start at the package root.
      const path = posix.normalize(target.startsWith('/') ? target.slice(1) : `xl/${target}`);
      const id = attributeValue(attributes, 'Id');
      if (id) byId.set(id, path);
      if (attributeValue(attributes, 'Type')?.endsWith('/sharedStrings')) sharedStrings = path;
    },
    close() {},
    text() {},
  });
  return { byId, sharedStrings };
}

/** The relationship id of the first sheet listed in the workbook: the first tab in Excel. */
async function firstSheetRelationship(zip: yauzl.ZipFile, workbook: yauzl.Entry) {
  let id: string | undefined;
  await scanPart(zip, workbook, {
    wantsText: false,
    open(name, attributes) {
      if (name !== 'sheet' || id !== undefined) return;
      // The relationships namespace is usually bound to r:, but any prefix is valid XML.
      id =
        attributeValue(attributes, 'r:id') ??
        /\s[\w.-]+:id\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(attributes)?.slice(1).find(Boolean) ??
        '';
    },
    close() {},
    text() {},
  });
  return id || undefined;
}

/**
 * The rows of the first worksheet, streamed. The shared strings are read first, whole; then
 * the sheet, a chunk at a time. `progress.bytesRead` moves through the file's size as the sheet
 * is read, so the importer's estimate of the row count stays a rule of three.
 */
export async function* readXlsxRows(
  filePath: string,
  progress: ReadProgress = { bytesRead: 0 },
): AsyncGenerator<FileRow> {
  const { zip, sheet, sharedStrings } = await openParts(filePath);
  try {
    const strings = new SharedStrings();
    if (sharedStrings) await readSharedStrings(zip, sharedStrings, strings, Infinity);
    const rows = new SheetRows(strings);
    let inflated = 0;
    const fileSize = zip.fileSize;
    for await (const batch of scanPartInChunks(zip, sheet, rows, (bytes) => {
      inflated += bytes;
      progress.bytesRead = Math.round((fileSize * inflated) / Math.max(sheet.uncompressedSize, 1));
    })) {
      yield* batch;
      if (rows.finished) break;
    }
  } finally {
    zip.close();
  }
}

/**
 * The first rows of the first worksheet, for a preview: only the start of the sheet is read,
 * then the shared strings up to the last one those rows use.
 */
export async function readXlsxPreview(filePath: string, rowCount: number): Promise<string[][]> {
  const { zip, sheet, sharedStrings } = await openParts(filePath);
  try {
    const rows = new SheetRows(null);
    const found: FileRow[] = [];
    for await (const batch of scanPartInChunks(zip, sheet, rows)) {
      found.push(...batch);
      if (found.length >= rowCount || rows.finished) break;
    }
    const wanted = found.slice(0, rowCount);
    const strings = new SharedStrings();
    if (sharedStrings && rows.largestSharedIndex >= 0) {
      await readSharedStrings(zip, sharedStrings, strings, rows.largestSharedIndex + 1);
    }
    return wanted.map((row) => row.cells.map((cell) => rows.resolve(cell, strings)));
  } finally {
    zip.close();
  }
}

/** Shared strings as UTF-8 in 1 MiB blocks, with the block, start and length of each. */
class SharedStrings {
  private static readonly blockBytes = 1024 * 1024;
  private blocks: Buffer[] = [];
  private current = Buffer.allocUnsafe(0);
  private used = 0;
  private blockOf = new Uint32Array(1024);
  private startOf = new Uint32Array(1024);
  private lengthOf = new Uint32Array(1024);
  count = 0;

  add(text: string) {
    const bytes = Buffer.byteLength(text);
    if (this.used + bytes > this.current.length) {
      this.current = Buffer.allocUnsafe(Math.max(SharedStrings.blockBytes, bytes));
      this.blocks.push(this.current);
      this.used = 0;
    }
    if (this.count === this.blockOf.length) this.grow();
    this.blockOf[this.count] = this.blocks.length - 1;
    this.startOf[this.count] = this.used;
    this.lengthOf[this.count] = bytes;
    this.current.write(text, this.used);
    this.used += bytes;
    this.count++;
  }

  get(index: number): string {
    if (!(index >= 0 && index < this.count)) return '';
    const start = this.startOf[index] as number;
    const block = this.blocks[this.blockOf[index] as number] as Buffer;
    return block.toString('utf8', start, start + (this.lengthOf[index] as number));
  }

  private grow() {
    const grown = (array: Uint32Array) => {
      const bigger = new Uint32Array(array.length * 2);
      bigger.set(array);
      return bigger;
    };
    this.blockOf = grown(this.blockOf);
    this.startOf = grown(this.startOf);
    this.lengthOf = grown(this.lengthOf);
  }
}

async function readSharedStrings(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  strings: SharedStrings,
  wanted: number,
) {
  let text = '';
  let inItem = false;
  let inText = false;
  // Phonetic guides (<rPh>) of Japanese text are not part of the cell's value.
  let inPhonetic = false;
  const handler: XmlHandler = {
    wantsText: false,
    open(name) {
      if (name === 'si') {
        inItem = true;
        text = '';
      } else if (name === 't' && inItem && !inPhonetic) {
        inText = true;
        handler.wantsText = true;
      } else if (name === 'rPh') inPhonetic = true;
    },
    close(name) {
      if (name === 't') {
        inText = false;
        handler.wantsText = false;
      } else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si' && inItem) {
        inItem = false;
        strings.add(text.length > maxCellCharacters ? text.slice(0, maxCellCharacters) : text);
      }
    },
    text(value) {
      if (inText && text.length <= maxCellCharacters) text += value;
    },
  };
  for await (const _ of scanPartInChunks(zip, entry, handler)) {
    if (strings.count >= wanted) break;
  }
}

/** A cell before its shared string is looked up: the index, or the text itself. */
type PendingCell = string | number;

/** Builds rows from the events of a worksheet's XML. */
class SheetRows implements XmlHandler {
  wantsText = false;
  finished = false;
  largestSharedIndex = -1;
  private rows: FileRow[] = [];
  private rowNumber = 0;
  private cells: PendingCell[] = [];
  private column = -1;
  private cellType = 'n';
  private value = '';
  private inCell = false;
  private inInline = false;
  private inPhonetic = false;

  /** With the shared strings at hand the rows carry text; without, their indexes. */
  constructor(private readonly strings: SharedStrings | null) {}

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
        cell = value.trim() === '' ? '' : Number.isFinite(number) ? String(number) : value;
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

/** The value of one attribute in the text of a start tag, entities decoded. */
function attributeValue(attributes: string, name: string): string | undefined {
  for (let at = attributes.indexOf(name); at !== -1; at = attributes.indexOf(name, at + 1)) {
    if (at > 0 && !isSpace(attributes.charCodeAt(at - 1))) continue;
    let index = at + name.length;
    while (isSpace(attributes.charCodeAt(index))) index++;
    if (attributes.charCodeAt(index) !== 61 /* = */) continue;
    index++;
    while (isSpace(attributes.charCodeAt(index))) index++;
    const quote = attributes[index];
    if (quote !== '"' && quote !== "'") continue;
    const end = attributes.indexOf(quote, index + 1);
    if (end === -1) return undefined;
    return decodeEntities(attributes.slice(index + 1, end));
  }
  return undefined;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g, (whole, name) => {
    if (name[0] !== '#') return entities[name] ?? whole;
    const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

interface XmlHandler {
  /** Whether text between tags matters now; text nobody wants is not even cut out. */
  wantsText: boolean;
  /** `name` without its namespace prefix; `attributes` is the raw rest of the start tag. */
  open(name: string, attributes: string): void;
  close(name: string): void;
  text(text: string): void;
}

/**
 * A minimal XML scanner for the machine-written parts of an XLSX: elements, attributes, text,
 * entities, CDATA, comments and processing instructions. A DOCTYPE is refused (OOXML has none,
 * and entity declarations are how XML files blow up).
 */
class XmlScanner {
  private pending = '';

  constructor(private readonly handler: XmlHandler) {}

  feed(chunk: string) {
    const text = this.pending ? this.pending + chunk : chunk;
    const handler = this.handler;
    const length = text.length;
    let position = 0;
    while (position < length) {
      const lt = text.indexOf('<', position);
      if (lt === -1) break;
      if (lt > position && handler.wantsText)
        handler.text(decodeEntities(text.slice(position, lt)));
      position = lt;
      const next = text.charCodeAt(lt + 1);
      if (Number.isNaN(next)) break;
      if (next === 47 /* / */) {
        const gt = text.indexOf('>', lt);
        if (gt === -1) break;
        handler.close(localName(text.slice(lt + 2, gt).trim()));
        position = gt + 1;
      } else if (next === 63 /* ? */) {
        const end = text.indexOf('?>', lt);
        if (end === -1) break;
        position = end + 2;
      } else if (next === 33 /* ! */) {
        if (text.startsWith('<!--', lt)) {
          const end = text.indexOf('-->', lt + 4);
          if (end === -1) break;
          position = end + 3;
        } else if (text.startsWith('<![CDATA[', lt)) {
          const end = text.indexOf(']]>', lt + 9);
          if (end === -1) break;
          if (handler.wantsText) handler.text(text.slice(lt + 9, end));
          position = end + 3;
        } else if (length - lt < 9) {
          break;
        } else {
          throw new XlsxReadError('declaração XML não permitida');
        }
      } else {
        const gt = tagEnd(text, lt + 1);
        if (gt === -1) break;
        const selfClosing = text.charCodeAt(gt - 1) === 47;
        const inside = text.slice(lt + 1, selfClosing ? gt - 1 : gt);
        let nameEnd = 0;
        while (nameEnd < inside.length && !isSpace(inside.charCodeAt(nameEnd))) nameEnd++;
        const name = localName(inside.slice(0, nameEnd));
        handler.open(name, inside.slice(nameEnd));
        if (selfClosing) handler.close(name);
        position = gt + 1;
      }
    }
    if (position < length && text.indexOf('<', position) === -1) {
      // Text up to the end of the chunk: handed over now unless an entity may be cut in two.
      const amp = text.lastIndexOf('&');
      const keepFrom = amp >= position && text.indexOf(';', amp) === -1 ? amp : length;
      if (keepFrom > position && handler.wantsText) {
        handler.text(decodeEntities(text.slice(position, keepFrom)));
      }
      position = keepFrom;
    }
    this.pending = text.slice(position);
    if (this.pending.length > maxPendingCharacters) {
      throw new XlsxReadError('elemento XML grande demais');
    }
  }

  end() {
    if (this.pending.trim() !== '') throw new XlsxReadError('XML cortado');
  }
}

/** The `>` closing a start tag, skipping any inside quoted attribute values; -1 when cut. */
function tagEnd(text: string, from: number): number {
  let quote = 0;
  for (let index = from; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (quote !== 0) {
      if (code === quote) quote = 0;
    } else if (code === 34 || code === 39) {
      quote = code;
    } else if (code === 62) {
      return index;
    }
  }
  return -1;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

async function scanPart(zip: yauzl.ZipFile, entry: yauzl.Entry, handler: XmlHandler) {
  for await (const _ of scanPartInChunks(zip, entry, handler)) {
    // Everything happens in the handler.
  }
}

/**
 * Streams one zip entry through the scanner, yielding after each chunk the rows the handler
 * completed (for a sheet) so the caller can stop early; stopping closes the entry's stream.
 */
async function* scanPartInChunks(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  handler: XmlHandler & { take?: () => FileRow[] },
  onBytes?: (bytes: number) => void,
): AsyncGenerator<FileRow[]> {
  const stream = await zip.openReadStreamPromise(entry);
  const scanner = new XmlScanner(handler);
  let decoder: StringDecoder | undefined;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      onBytes?.(chunk.length);
      let bytes = chunk;
      if (!decoder) {
        // OOXML parts are UTF-8, or UTF-16 with a byte order mark.
        const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe;
        decoder = new StringDecoder(utf16 ? 'utf16le' : 'utf8');
        if (utf16) bytes = bytes.subarray(2);
        else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
          bytes = bytes.subarray(3);
        }
      }
      scanner.feed(decoder.write(bytes));
      yield handler.take?.() ?? [];
    }
    scanner.feed(decoder?.end() ?? '');
    scanner.end();
    yield handler.take?.() ?? [];
  } finally {
    stream.destroy();
  }
}
