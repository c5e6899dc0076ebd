/**
 * The XML of an XLSX's parts, scanned rather than parsed: the parts are machine-written, and a
 * sheet of a million rows must not become a tree in memory.
 */

/** An XLSX this reader cannot make sense of; callers turn it into a pt-BR message. */
export class XlsxReadError extends Error {}

/** No element or text of a real sheet comes near this; a file that does is not a spreadsheet. */
const maxPendingCharacters = 4 * 1024 * 1024;

/** The value of one attribute in the text of a start tag, entities decoded. */
export function attributeValue(attributes: string, name: string): string | undefined {
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

export interface XmlHandler {
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
export class XmlScanner {
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
