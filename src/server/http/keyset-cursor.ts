import { AppError } from './app-error.ts';

/** The cursor is opaque to clients: the last id of the page, base64url-encoded. */
export function encodeCursor(id: number): string {
  return Buffer.from(String(id)).toString('base64url');
}

export function decodeCursor(cursor: string): number {
  const id = Number(Buffer.from(cursor, 'base64url').toString());
  if (!Number.isSafeInteger(id) || id <= 0) throw invalidCursor();
  return id;
}

function invalidCursor() {
  return new AppError('BAD_REQUEST', 'Cursor de paginação inválido.');
}

/**
 * A cursor for pages ordered by a time then a key such as an id (both descending). The time
 * travels as PostgreSQL wrote it, to the microsecond: a JavaScript Date would cut it to
 * milliseconds and the next page would skip or repeat rows.
 */
export function encodeTimeCursor(at: string, key: number | string): string {
  return Buffer.from(`${at}|${key}`).toString('base64url');
}

/** The time and the key of a time cursor; the caller checks the key's own shape. */
export function decodeTimeKeyCursor(cursor: string): { at: string; key: string } {
  const text = Buffer.from(cursor, 'base64url').toString();
  const separator = text.indexOf('|');
  const at = text.slice(0, separator);
  if (separator < 0 || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at)) {
    throw invalidCursor();
  }
  // The shape holds 31/02 or 25:00 too: the time must read back as written.
  const time = new Date(`${at.slice(0, 23)}Z`);
  if (Number.isNaN(time.getTime()) || time.toISOString().slice(0, 19) !== at.slice(0, 19)) {
    throw invalidCursor();
  }
  return { at, key: text.slice(separator + 1) };
}

/**
 * A cursor for pages ordered by a name then an id: the last row's folded name, or null once
 * the pages have reached the rows without a name, which come last.
 */
export function encodeNameCursor(name: string | null, id: number): string {
  return Buffer.from(name === null ? `x|${id}` : `n|${id}|${name}`).toString('base64url');
}

export function decodeNameCursor(cursor: string): { name: string | null; id: number } {
  const [kind, idText = '', ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  const id = Number(idText);
  if (!/^\d+$/.test(idText) || !Number.isSafeInteger(id) || id <= 0) throw invalidCursor();
  if (kind === 'x' && rest.length === 0) return { name: null, id };
  if (kind === 'n' && rest.length > 0) return { name: rest.join('|'), id };
  throw invalidCursor();
}

/** A time cursor whose key is a row's id. */
export function decodeTimeCursor(cursor: string): { at: string; id: number } {
  const { at, key } = decodeTimeKeyCursor(cursor);
  const id = Number(key);
  if (!/^\d+$/.test(key) || !Number.isSafeInteger(id) || id <= 0) throw invalidCursor();
  return { at, id };
}
