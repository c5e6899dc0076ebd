import { type Kysely, sql } from 'kysely';

/**
 * The calls per day, assessor and outcome become insert-only rows, summed when read and
 * folded by the dashboard's compaction, like the other two summaries of 0007.
 *
 * Kept as one row per (day, assessor, outcome), every call of an assessor updated the same
 * row and held it locked until its commit: calls recorded at once for one assessor (a double
 * click, a retrying client, an integration) queued behind each other's disk flush. Appended
 * rows lock nothing another call needs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE attempt_daily_counts RENAME TO attempt_daily_count_deltas;
    ALTER TABLE attempt_daily_count_deltas DROP CONSTRAINT attempt_daily_counts_pkey;
    CREATE INDEX attempt_daily_count_deltas_day_idx
      ON attempt_daily_count_deltas (day, assessor_id, outcome);

    CREATE OR REPLACE FUNCTION dashboard_count_inserted_attempts() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE
      call_centre_zone text := dashboard_time_zone();
    BEGIN
      WITH changes AS (
        SELECT (created_at AT TIME ZONE call_centre_zone)::date AS day, assessor_id, outcome,
          count(*) AS attempts
        FROM inserted_attempts
        GROUP BY 1, 2, 3
      ), totals AS (
        INSERT INTO attempt_daily_total_deltas (day, outcome, attempts)
        SELECT day, outcome, sum(attempts) FROM changes GROUP BY day, outcome
      )
      INSERT INTO attempt_daily_count_deltas (day, assessor_id, outcome, attempts)
      SELECT day, assessor_id, outcome, attempts FROM changes;
      RETURN NULL;
    END $$;

    CREATE OR REPLACE FUNCTION dashboard_count_updated_attempts() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE
      call_centre_zone text := dashboard_time_zone();
    BEGIN
      WITH changes AS (
        SELECT day, assessor_id, outcome, sum(delta) AS attempts FROM (
          SELECT (created_at AT TIME ZONE call_centre_zone)::date AS day, assessor_id, outcome,
            1 AS delta
          FROM new_attempts
          UNION ALL
          SELECT (created_at AT TIME ZONE call_centre_zone)::date, assessor_id, outcome, -1
          FROM old_attempts
        ) AS changed
        GROUP BY 1, 2, 3
        HAVING sum(delta) <> 0
      ), totals AS (
        INSERT INTO attempt_daily_total_deltas (day, outcome, attempts)
        SELECT day, outcome, sum(attempts) FROM changes GROUP BY day, outcome
        HAVING sum(attempts) <> 0
      )
      INSERT INTO attempt_daily_count_deltas (day, assessor_id, outcome, attempts)
      SELECT day, assessor_id, outcome, attempts FROM changes;
      RETURN NULL;
    END $$;

    CREATE OR REPLACE FUNCTION dashboard_count_deleted_attempts() RETURNS trigger
    LANGUAGE plpgsql AS $$
    DECLARE
      call_centre_zone text := dashboard_time_zone();
    BEGIN
      WITH changes AS (
        SELECT (created_at AT TIME ZONE call_centre_zone)::date AS day, assessor_id, outcome,
          -count(*) AS attempts
        FROM deleted_attempts
        GROUP BY 1, 2, 3
      ), totals AS (
        INSERT INTO attempt_daily_total_deltas (day, outcome, attempts)
        SELECT day, outcome, sum(attempts) FROM changes GROUP BY day, outcome
      )
      INSERT INTO attempt_daily_count_deltas (day, assessor_id, outcome, attempts)
      SELECT day, assessor_id, outcome, attempts FROM changes;
      RETURN NULL;
    END $$;

    CREATE OR REPLACE FUNCTION dashboard_forget_attempts() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM attempt_daily_count_deltas;
      DELETE FROM attempt_daily_total_deltas;
      RETURN NULL;
    END $$;
  `.execute(db);
}
