import { type Kysely, sql } from 'kysely';

/**
 * Autovacuum comes by the calls per day, assessor and outcome once 1 % of the table (plus 1 000
 * rows) is dead, as it does by `leads` (0014), instead of PostgreSQL's default 20 %.
 *
 * Each call adds a row to today's sums and the dashboard's next fold deletes it: one dead row
 * per call, all in the range every dashboard read and fold scans. The table keeps every day's
 * sums, so a fifth of it is days of calls: 60 000 on a history of 100 days and 500 assessors,
 * 240 000 at 2 000. Measured on a copy of the table with the history of 2 000 (decision 013),
 * the read of today and its fold grew from 4 and 31 ms to 16 and 59 ms before the first
 * vacuum; at 1 % they stayed at 8–12 and 40–50 ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE attempt_daily_count_deltas
      SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000)
  `.execute(db);
}
