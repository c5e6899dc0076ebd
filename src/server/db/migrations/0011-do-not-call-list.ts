import { type Kysely, sql } from 'kysely';

/**
 * The block list page reads the phones newest first, by pages: ordered by (created_at, phone)
 * from an index, a page costs the same at any depth instead of sorting the whole list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX do_not_call_created_idx ON do_not_call (created_at, phone)`.execute(db);
}
