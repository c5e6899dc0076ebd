import { type Kysely, sql } from 'kysely';

/**
 * Why the company holds each lead (LGPD, issue #21 §5): every import records the legal basis
 * of its list (art. 7); the lead's page and its personal-data export show it with the list's
 * source. Imports made before stay without one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE import_batches ADD COLUMN legal_basis text CHECK (legal_basis IN
      ('consent', 'legitimate_interest', 'contract', 'legal_obligation', 'credit_protection'))
  `.execute(db);
}
