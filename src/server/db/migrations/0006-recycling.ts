import { type Kysely, sql } from 'kysely';

/**
 * A recycle moves every refused lead's owner into `last_owner_id`: with 200 000 refusals the
 * foreign key on that column ran 200 000 lookups in `users`, about a sixth of the recycle's
 * time. What it guarded cannot happen: the value is always copied from `owner_id`, which keeps
 * its own foreign key, and users are deactivated, never deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE leads DROP CONSTRAINT leads_last_owner_id_fkey`.execute(db);
}
