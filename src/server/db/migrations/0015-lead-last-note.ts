import { type Kysely, sql } from 'kysely';

/**
 * A lead keeps the note of its latest call that had one, written by the call itself.
 *
 * The assessor's list and the follow-up page showed it by looking up each lead's calls, one
 * index probe per lead shown: fifty per page of the list, on every read. The column is filled
 * here from the calls recorded so far.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE leads ADD COLUMN last_note text;
    UPDATE leads l SET last_note = latest.note
    FROM (
      SELECT DISTINCT ON (lead_id) lead_id, note FROM lead_attempts
      WHERE note IS NOT NULL
      ORDER BY lead_id, id DESC
    ) latest
    WHERE latest.lead_id = l.id;
  `.execute(db);
}
