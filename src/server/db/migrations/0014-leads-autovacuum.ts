import { type Kysely, sql } from 'kysely';

/**
 * Autovacuum comes by the leads table once 1 % of it (plus 1 000 rows) has changed, instead of
 * PostgreSQL's default 20 %.
 *
 * Every call updates its lead in indexed columns, so it leaves a dead entry in the lead's
 * indexes until a vacuum removes it. In the retries index the dead entry (one attempt fewer)
 * sorts ahead of the live one, so the assessor's list steps over every dead entry of its
 * retries on each read, and index-only reads go back to the table for pages changed since the
 * last vacuum. With the default, a million leads wait for 200 000 changes (days of calls)
 * while the list gets slower by the hour: in a ten-minute soak its p95 went from 35 ms in the
 * first minute to 450 ms, with 165 000 dead rows and no vacuum (decision 014).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE leads SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000)
  `.execute(db);
}
