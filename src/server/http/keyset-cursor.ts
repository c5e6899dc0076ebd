import { AppError } from './app-error.ts';

/** The cursor is opaque to clients: the last id of the page, base64url-encoded. */
export function encodeCursor(id: number): string {
  return Buffer.from(String(id)).toString('base64url');
}

export function decodeCursor(cursor: string): number {
  const id = Number(Buffer.from(cursor, 'base64url').toString());
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new AppError('BAD_REQUEST', 'Cursor de paginação inválido.');
  }
  return id;
}

/**
 * A cursor for pages ordered by a time then an id (both descending). The time travels as
 * PostgreSQL wrote it, to the microsecond: a JavaScript Date would cut it to milliseconds
 * and the next page would skip or repeat rows.
 */
export function encodeTimeCursor(at: string, id: number): string {
  return Buffer.from(`${at}|${id}`).toString('base64url');
}

export function decodeTimeCursor(cursor: string): { at: string; id: number } {
  const [at = '', idText] = Buffer.from(cursor, 'base64url').toString().split('|');
  const id = Number(idText);
  if (
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at) ||
    !Number.isSafeInteger(id) ||
    id <= 0
  ) {
    throw new AppError('BAD_REQUEST', 'Cursor de paginação inválido.');
  }
  return { at, id };
}
