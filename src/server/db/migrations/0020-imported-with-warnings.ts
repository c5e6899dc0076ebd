import { type Kysely, sql } from 'kysely';

/**
 * The rows an import changed to accept them (a wrong e-mail, CPF or UF left out, invisible
 * characters taken out) are kept beside the refused ones, with what was changed, so the report
 * can list both; `imported` tells them apart. Rows stored before are all refused ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE import_rejections ADD COLUMN imported boolean NOT NULL DEFAULT false
  `.execute(db);
}
