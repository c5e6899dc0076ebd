import { type Kysely, sql } from 'kysely';

/**
 * A call made outside its state's calling window keeps the reason the assessor gave for it
 * (a call-back the lead asked for at that hour, say); null for every other call.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE lead_attempts ADD COLUMN outside_window_reason text`.execute(db);
}
