import { type Kysely, sql } from 'kysely';

/**
 * The calls that closed a lead (invalid number, do not call), by assessor and time: the
 * assessor's list counts the leads received today that such a call took out of it. Without
 * it, that count read every call of the assessor's day to find the few that closed a lead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX lead_attempts_closing_idx ON lead_attempts (assessor_id, created_at)
      WHERE outcome IN ('invalid', 'do_not_call')
  `.execute(db);
}
