import { type Kysely, sql } from 'kysely';

/**
 * A batch counts the rows it accepted with a warning: invisible characters (bidi overrides,
 * zero-width characters) taken out of a name or another text, which could otherwise make a list
 * show one person for another. The rows are also counted among the inserted, updated,
 * duplicate or blocked ones; batches loaded before this count none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE import_batches ADD COLUMN warnings integer NOT NULL DEFAULT 0`.execute(db);
}
