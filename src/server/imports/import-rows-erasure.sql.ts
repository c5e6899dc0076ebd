import { sql } from 'kysely';
import { leadTransitions } from '../../core/lead-transitions.ts';
import { stepName } from '../db/statement-steps.ts';

/**
 * For an erasure (lead-change.repository.ts), as steps after the one it names as `locked` (the
 * leads erased, locked): the rows of the imported files kept for the import's lists (refused,
 * or imported with a warning: duplicates too) that are about the person lose their cells, and
 * say why.
 *
 * A kept row names no lead (a duplicate may be in any batch, and a refused row made none), so
 * it is found by what identifies the person, read from the statement's snapshot, before the
 * erasure empties the lead: its e-mail, its CPF (also without the leading zeros a spreadsheet
 * drops) and each of its numbers as a file may spell it (with and without 55 or the trunk 0,
 * and as the file wrote it). `cca_import_row_keys` (migration 0034) makes the same keys from a
 * row's cells, and its index finds the rows. A refused row with neither a valid number nor
 * the person's e-mail or CPF cannot be told apart from a namesake's, and stays.
 */
export function erasureImportRowSteps(steps: { locked: string }) {
  const locked = sql.raw(stepName(steps.locked));
  return sql`, person_numbers as (
  select phone, phone_raw from leads where id in (select id from ${locked}) and phone is not null
  union all
  select phone, phone_raw from lead_phones where lead_id in (select id from ${locked})
), person_keys as (
  select lower(email) as key from leads
  where id in (select id from ${locked}) and email is not null
  union select cpf from leads where id in (select id from ${locked}) and cpf is not null
  union select ltrim(cpf, '0') from leads where id in (select id from ${locked}) and cpf is not null
  union select substr(phone, 4) from person_numbers
  union select '55' || substr(phone, 4) from person_numbers
  union select '0' || substr(phone, 4) from person_numbers
  union select regexp_replace(phone_raw, '\\D', '', 'g') from person_numbers
), import_rows_erased as (
  update import_rejections
  set raw = '{}', reason = reason || ' ' || ${`${leadTransitions.erase.label}.`}
  where cca_import_row_keys(raw) && (select array_agg(key) from person_keys where key <> '')
)`;
}
