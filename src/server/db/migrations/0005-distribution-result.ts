import { type Kysely, sql } from 'kysely';

/**
 * The answer a distribution gave, kept as sent: an Idempotency-Key replay returns it as it
 * was, even for assessors the request named who do not exist (they have no share row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE distributions ADD COLUMN result jsonb`.execute(db);
}
