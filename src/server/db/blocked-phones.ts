/**
 * Whether a phone may never be called: on the company's block list (`do_not_call`, by hand or
 * by a call's "Não ligar") or on an external list (`block_list_phones`). `column` is SQL
 * naming an E.164 phone, e.g. `s.phone`; both lookups are primary-key probes. Imports refuse
 * these phones and distributions skip them.
 */
export function phoneIsBlocked(column: string): string {
  return `(exists (select 1 from do_not_call d where d.phone = ${column})
    or exists (select 1 from block_list_phones b where b.phone = ${column}))`;
}
