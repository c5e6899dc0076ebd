/**
 * The tables of phones that may never be called, each keyed by an E.164 `phone`: the company's
 * block list (`do_not_call`, by hand or by a call's "Não ligar") and the external lists
 * (`block_list_phones`). Imports refuse these phones and distributions skip them.
 */
export const blockedPhoneTables = ['do_not_call', 'block_list_phones'] as const;

/**
 * Whether a phone is on any of the block lists. `column` is SQL naming an E.164 phone, e.g.
 * `s.phone`; each lookup is a primary-key probe.
 */
export function phoneIsBlocked(column: string): string {
  const lookups = blockedPhoneTables.map(
    (table) => `exists (select 1 from ${table} b where b.phone = ${column})`,
  );
  return `(${lookups.join(' or ')})`;
}
