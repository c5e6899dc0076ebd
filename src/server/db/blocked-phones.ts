/**
 * The tables of phones that may never be called, each keyed by an E.164 `phone`: the company's
 * block list (`do_not_call`, by hand or by a call's "Não ligar") and the external lists
 * (`block_list_phones`). Imports refuse these phones and distributions skip them.
 */
export const blockedPhoneTables = ['do_not_call', 'block_list_phones'] as const;

/** The lookup of a phone on one list; `column` is SQL naming an E.164 phone, e.g. `s.phone`. */
function onList(table: string, column: string): string {
  return `exists (select 1 from ${table} b where b.phone = ${column})`;
}

/** Whether a phone is on any of the block lists; each lookup is a primary-key probe. */
export function phoneIsBlocked(column: string): string {
  return `(${blockedPhoneTables.map((table) => onList(table, column)).join(' or ')})`;
}

/**
 * Whether a phone is on none of the block lists: the negation of `phoneIsBlocked`, written so
 * that PostgreSQL plans each lookup as an anti-join. Under `not (… or …)` it cannot, and it
 * guesses each lookup keeps half the rows: a distribution thought a quarter of its pool was
 * callable, read the whole table and sorted it instead of walking the pool in order.
 */
export function phoneIsFree(column: string): string {
  return `(${blockedPhoneTables.map((table) => `not ${onList(table, column)}`).join(' and ')})`;
}
