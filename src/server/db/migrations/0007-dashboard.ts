import { type Kysely, sql } from 'kysely';

/**
 * The dashboard's summaries, kept exact by triggers in the same transaction as each change,
 * so every path that writes leads or calls (import, distribution, attempts, recycling, bulk
 * actions, erasure, import undo, and any future one) keeps them right without knowing of them.
 *
 * - `lead_status_count_deltas`: insert-only rows (status, ±n), summed when read and
 *   compacted from time to time. A single counter row per status would be held locked by a
 *   50 000-lead distribution until it commits, and every call recorded meanwhile would wait.
 * - `attempt_daily_counts`: calls per (day in the call centre's time zone, assessor, outcome).
 *   Only that assessor's own calls touch their row, so an upsert does not contend. It answers
 *   the per-assessor figures of one day.
 * - `attempt_daily_total_deltas`: calls per (day, outcome) for the 30-day chart, insert-only
 *   like the status deltas, since every assessor's calls of a day would share its rows. Read
 *   from the per-assessor table, the chart summed 90 000 rows with 500 assessors.
 *
 * The triggers are per statement with transition tables: a statement that changes 50 000
 * leads aggregates them once instead of running 50 000 row triggers. PostgreSQL allows one
 * event per trigger with transition tables, hence three triggers per table. The day is
 * taken in the zone kept in `app_settings` (`dashboard_time_zone`), which the server sets
 * from its configuration at start-up, rebuilding the daily counts when it changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE lead_status_count_deltas (
      status text NOT NULL,
      delta bigint NOT NULL
    );

    CREATE TABLE attempt_daily_counts (
      day date NOT NULL,
      assessor_id text NOT NULL,
      outcome text NOT NULL,
      attempts bigint NOT NULL,
      PRIMARY KEY (day, assessor_id, outcome)
    );

    CREATE TABLE attempt_daily_total_deltas (
      day date NOT NULL,
      outcome text NOT NULL,
      attempts bigint NOT NULL
    );

    INSERT INTO app_settings (key, value) VALUES ('dashboard_time_zone', 'America/Sao_Paulo')
      ON CONFLICT (key) DO NOTHING;

    CREATE FUNCTION dashboard_time_zone() RETURNS text LANGUAGE sql STABLE AS $$
      SELECT coalesce(
        (SELECT value FROM app_settings WHERE key = 'dashboard_time_zone'),
        'America/Sao_Paulo'
      )
    $$;

    CREATE FUNCTION dashboard_count_inserted_leads() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO lead_status_count_deltas (status, delta)
      SELECT status, count(*) FROM inserted_leads GROUP BY status;
      RETURN NULL;
    END $$;

    CREATE FUNCTION dashboard_count_updated_leads() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO lead_status_count_deltas (status, delta)
      SELECT status, sum(delta) FROM (
        SELECT status, count(*) AS delta FROM new_leads GROUP BY status
        UNION ALL
        SELECT status, -count(*) FROM old_leads GROUP BY status
      ) AS changes
      GROUP BY status
      HAVING sum(delta) <> 0;
      RETURN NULL;
    END $$;

    CREATE FUNCTION dashboard_count_deleted_leads() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO lead_status_count_deltas (status, delta)
      SELECT status, -count(*) FROM deleted_leads GROUP BY status;
      RETURN NULL;
    END $$;

    CREATE FUNCTION dashboard_forget_leads() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM lead_status_count_deltas;
      RETURN NULL;
    END $$;

    CREATE TRIGGER dashboard_leads_insert AFTER INSERT ON leads
      REFERENCING NEW TABLE AS inserted_leads
      FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_inserted_leads();
    CREATE TRIGGER dashboard_leads_update AFTER UPDATE ON leads
      REFERENCING OLD TABLE AS old_leads NEW TABLE AS new_leads
      FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_updated_leads();
    CREATE TRIGGER dashboard_leads_delete AFTER DELETE ON leads
      REFERENCING OLD TABLE AS deleted_leads
      FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_deleted_leads();
    CREATE TRIGGER dashboard_leads_truncate AFTER TRUNCATE ON leads
      FOR EACH STATEMENT EXECUTE FUNCTION dashboard_forget_leads();

    CREATE FUNCTION dashboard_count_inserted_attempts() RETURNS trigger LANGUAGE plpgsql AS $$
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
        HAVING sum(attempts) <> 0
      )
      INSERT INTO attempt_daily_counts AS c (day, assessor_id, outcome, attempts)
      SELECT day, assessor_id, outcome, attempts FROM changes
      ON CONFLICT (day, assessor_id, outcome)
        DO UPDATE SET attempts = c.attempts + excluded.attempts;
      RETURN NULL;
    END $$;

    CREATE FUNCTION dashboard_count_updated_attempts() RETURNS trigger LANGUAGE plpgsql AS $$
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
      INSERT INTO attempt_daily_counts AS c (day, assessor_id, outcome, attempts)
      SELECT day, assessor_id, outcome, attempts FROM changes
      ON CONFLICT (day, assessor_id, outcome)
        DO UPDATE SET attempts = c.attempts + excluded.attempts;
      RETURN NULL;
    END $$;

    CREATE FUNCTION dashboard_count_deleted_attempts() RETURNS trigger LANGUAGE plpgsql AS $$
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
        HAVING sum(attempts) <> 0
      )
      INSERT INTO attempt_daily_counts AS c (day, assessor_id, outcome, attempts)
      SELECT day, assessor_id, outcome, attempts FROM changes
      ON CONFLICT (day, assessor_id, outcome)
        DO UPDATE SET attempts = c.attempts + excluded.attempts;
      RETURN NULL;
    END $$;

    CREATE FUNCTION dashboard_forget_attempts() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM attempt_daily_counts;
      DELETE FROM attempt_daily_total_deltas;
      RETURN NULL;
    END $$;

    CREATE TRIGGER dashboard_attempts_insert AFTER INSERT ON lead_attempts
      REFERENCING NEW TABLE AS inserted_attempts
      FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_inserted_attempts();
    CREATE TRIGGER dashboard_attempts_update AFTER UPDATE ON lead_attempts
      REFERENCING OLD TABLE AS old_attempts NEW TABLE AS new_attempts
      FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_updated_attempts();
    CREATE TRIGGER dashboard_attempts_delete AFTER DELETE ON lead_attempts
      REFERENCING OLD TABLE AS deleted_attempts
      FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_deleted_attempts();
    CREATE TRIGGER dashboard_attempts_truncate AFTER TRUNCATE ON lead_attempts
      FOR EACH STATEMENT EXECUTE FUNCTION dashboard_forget_attempts();

    -- The triggers above hold their tables locked until this migration commits, so no write
    -- can fall between the backfill and the first trigger.
    INSERT INTO lead_status_count_deltas (status, delta)
    SELECT status, count(*) FROM leads GROUP BY status;

    INSERT INTO attempt_daily_counts (day, assessor_id, outcome, attempts)
    SELECT (created_at AT TIME ZONE dashboard_time_zone())::date, assessor_id, outcome, count(*)
    FROM lead_attempts
    GROUP BY 1, 2, 3;

    INSERT INTO attempt_daily_total_deltas (day, outcome, attempts)
    SELECT day, outcome, sum(attempts) FROM attempt_daily_counts GROUP BY day, outcome;
  `.execute(db);
}
