import { posix } from 'node:path';
import yauzl from 'yauzl';
import { fileLimits } from './file-limits.ts';
import { DateStyles } from './xlsx-dates.ts';
import { attributeValue, XlsxReadError, type XmlHandler, XmlScanner } from './xlsx-xml.ts';

/**
 * Excel's own limit of characters in a cell. A text is kept to one character past it, so that
 * the cell it lands in is refused, not cut.
 */
export const maxCellCharacters = fileLimits.maxCellCharacters;

export interface XlsxParts {
  zip: yauzl.ZipFile;
  sheet: yauzl.Entry;
  sharedStrings: yauzl.Entry | undefined;
  styles: yauzl.Entry | undefined;
}

export async function openParts(filePath: string): Promise<XlsxParts> {
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
    const styles = entries.get(relationships.styles ?? 'xl/styles.xml');
    return { zip, sheet, sharedStrings, styles };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** Where xl/_rels/workbook.xml.rels points: each relationship id's part, and the shared strings. */
async function partTargets(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined) {
  const byId = new Map<string, string>();
  let sharedStrings: string | undefined;
  let styles: string | undefined;
  if (!entry) return { byId, sharedStrings, styles };
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
      const type = attributeValue(attributes, 'Type');
      if (type?.endsWith('/sharedStrings')) sharedStrings = path;
      if (type?.endsWith('/styles')) styles = path;
    },
    close() {},
    text() {},
  });
  return { byId, sharedStrings, styles };
}

/** The indexes of the cell styles whose numbers are dates (see xlsx-dates.ts). */
export async function readDateStyles(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry | undefined,
): Promise<Set<number>> {
  const styles = new DateStyles();
  if (entry) await scanPart(zip, entry, styles);
  return styles.indexes;
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

/** Shared strings as UTF-8 in 1 MiB blocks, with the block, start and length of each. */
export class SharedStrings {
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

export async function readSharedStrings(
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
        strings.add(text.length > maxCellCharacters ? text.slice(0, maxCellCharacters + 1) : text);
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

async function scanPart(zip: yauzl.ZipFile, entry: yauzl.Entry, handler: XmlHandler) {
  for await (const _ of scanPartInChunks(zip, entry, handler)) {
    // Everything happens in the handler.
  }
}

/**
 * Streams one zip entry through the scanner, yielding after each chunk the rows the handler
 * completed (for a sheet) so the caller can stop early; stopping closes the entry's stream.
 */
export async function* scanPartInChunks<Row>(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  handler: XmlHandler & { take?: () => Row[] },
  onBytes?: (bytes: number) => void,
): AsyncGenerator<Row[]> {
  const stream = await zip.openReadStreamPromise(entry);
  const scanner = new XmlScanner(handler);
  let decoder: TextDecoder | undefined;
  // A byte sequence the encoding forbids makes the part malformed XML, as Excel finds it too.
  const decode = (bytes?: Buffer) => {
    try {
      return (decoder as TextDecoder).decode(bytes, { stream: bytes !== undefined });
    } catch {
      throw new XlsxReadError('texto fora da codificação do XML');
    }
  };
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      onBytes?.(chunk.length);
      if (!decoder) {
        // OOXML parts are UTF-8, or UTF-16 with a byte order mark; the decoder drops the mark.
        const utf16 = chunk[0] === 0xff && chunk[1] === 0xfe;
        decoder = new TextDecoder(utf16 ? 'utf-16le' : 'utf-8', { fatal: true });
      }
      scanner.feed(decode(chunk));
      yield handler.take?.() ?? [];
    }
    scanner.feed(decoder ? decode() : '');
    scanner.end();
    yield handler.take?.() ?? [];
  } finally {
    stream.destroy();
  }
}
