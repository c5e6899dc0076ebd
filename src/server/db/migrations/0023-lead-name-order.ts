import { type Kysely, sql } from 'kysely';

/**
 * The lead list can be read in name order: the folded names with their ids, in an index of the
 * names' own table, so the pages are index ranges at any depth and the statements that move
 * leads (distribution, recycle) pay nothing for it (decision 009).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX lead_names_order_idx ON lead_names (search_name, lead_id)`.execute(db);
}
