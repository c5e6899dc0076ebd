import { type Kysely, sql } from 'kysely';

/**
 * A call keeps the phone it dialled and the name it asked for, as they were when it was made.
 *
 * The list of calls, its export and a lead's call history read them from the lead, so
 * correcting a lead's phone, recycling it or handing it to another assessor rewrote every old
 * call: a call to one number showed another. The name is kept with the phone because it is the
 * other half of what the assessor saw and said on the call ("falo com a Rosa?"); a later
 * correction of the lead is a new fact about the lead, not about that call. The calls
 * recorded so far take the lead's current values, the best that is known of them; an erased
 * lead's calls take its nulls.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE lead_attempts ADD COLUMN lead_phone text, ADD COLUMN lead_name text;
    UPDATE lead_attempts a SET lead_phone = l.phone, lead_name = l.name
    FROM leads l
    WHERE l.id = a.lead_id AND (l.phone IS NOT NULL OR l.name IS NOT NULL);
  `.execute(db);
}
