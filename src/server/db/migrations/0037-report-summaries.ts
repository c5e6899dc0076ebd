import { type Kysely, sql } from 'kysely';

/** The call triggers of 0013 with the calls per day, hour and assessor added (the `hourly` step). */
function attemptTrigger(name: string, changes: string, dailyHaving: string) {
  return `
    CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      call_centre_zone text := dashboard_time_zone();
    BEGIN
      WITH changed AS (${changes}), changes AS (
        SELECT (created_at AT TIME ZONE call_centre_zone)::date AS day, assessor_id, outcome,
          sum(delta) AS attempts
        FROM changed GROUP BY 1, 2, 3 ${dailyHaving}
      ), totals AS (
        INSERT INTO attempt_daily_total_deltas (day, outcome, attempts)
        SELECT day, outcome, sum(attempts) FROM changes GROUP BY day, outcome ${dailyHaving.replace('delta', 'attempts')}
      ), hourly AS (
        INSERT INTO attempt_hourly_count_deltas (day, hour, assessor_id, attempts)
        SELECT (created_at AT TIME ZONE call_centre_zone)::date,
          date_part('hour', created_at AT TIME ZONE call_centre_zone), assessor_id, sum(delta)
        FROM changed GROUP BY 1, 2, 3 HAVING sum(delta) <> 0
      )
      INSERT INTO attempt_daily_count_deltas (day, assessor_id, outcome, attempts)
      SELECT day, assessor_id, outcome, attempts FROM changes;
      RETURN NULL;
    END $$;
  `;
}

/** The pieces of closed states (but disconnected) of `rows`, signed by `sign`, per centre day. */
function statePieces(rows: string, sign: string) {
  return `
    SELECT p.day, l.user_id, l.state, l.pause_reason_id, ${sign} * p.microseconds AS microseconds,
      ${sign} * p.spans AS spans, ${sign} * p.span_microseconds AS span_microseconds
    FROM ${rows} l
    CROSS JOIN LATERAL agent_state_day_pieces(l.started_at, l.ended_at, call_centre_zone) p
    WHERE l.ended_at IS NOT NULL AND l.state <> 'disconnected'
  `;
}

function stateTrigger(name: string, pieces: string) {
  return `
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      call_centre_zone text := dashboard_time_zone();
    BEGIN
      INSERT INTO agent_state_daily_deltas
        (day, user_id, state, pause_reason_id, microseconds, spans, span_microseconds)
      SELECT day, user_id, state, pause_reason_id, sum(microseconds), sum(spans),
        sum(span_microseconds)
      FROM (${pieces}) pieces
      GROUP BY 1, 2, 3, 4
      HAVING sum(microseconds) <> 0 OR sum(spans) <> 0 OR sum(span_microseconds) <> 0;
      RETURN NULL;
    END $$;
  `;
}

/**
 * Summaries for the performance reports (decision 041, bench/notes/reports-at-scale.md), kept
 * on write like the dashboard's daily counts (0007, 0013) so that a report reads rows per
 * assessor and day, not one per call or state:
 *
 * - `attempt_hourly_count_deltas`: calls per (day, hour of the call centre's day, assessor),
 *   insert-only, written by the same statement triggers as the daily counts.
 * - `agent_state_daily_deltas`: per (day, assessor, state, pause reason) the microseconds spent
 *   in the state that day (a span is split at the centre's midnights), and on the day a span
 *   started, the span itself (`spans`) and its whole length (`span_microseconds`: the average
 *   handling time's). Added when a span gets its end (an UPDATE from an open row, or an INSERT
 *   of a closed one), taken back when a closed row is changed or deleted. `disconnected` is not
 *   counted: no figure reads it. Microseconds in bigint, so that sums and folds stay exact.
 *
 * Both are in the zone `dashboard_time_zone()`, rebuilt with the daily counts when it changes
 * (`report_summaries_rebuild`) and folded with them (`report_summaries_fold`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    -- Held until the migration commits: no call is counted by the old triggers and missed by
    -- the backfill, or counted by both.
    LOCK TABLE lead_attempts IN SHARE ROW EXCLUSIVE MODE;

    CREATE TABLE attempt_hourly_count_deltas (
      day date NOT NULL,
      hour smallint NOT NULL,
      assessor_id text NOT NULL,
      attempts int NOT NULL
    );
    CREATE INDEX attempt_hourly_count_deltas_day_idx
      ON attempt_hourly_count_deltas (day, assessor_id, hour);
    ALTER TABLE attempt_hourly_count_deltas
      SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000);

    CREATE TABLE agent_state_daily_deltas (
      day date NOT NULL,
      user_id text NOT NULL,
      state text NOT NULL,
      pause_reason_id int,
      microseconds bigint NOT NULL,
      spans int NOT NULL,
      span_microseconds bigint NOT NULL
    );
    CREATE INDEX agent_state_daily_deltas_day_idx ON agent_state_daily_deltas (day, user_id);
    ALTER TABLE agent_state_daily_deltas
      SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000);

    -- A span [started, ended) cut at the midnights of zone: each day's part of it, and on its
    -- first day the span itself with its whole length.
    CREATE FUNCTION agent_state_day_pieces(started timestamptz, ended timestamptz, zone text)
    RETURNS TABLE (day date, microseconds bigint, spans int, span_microseconds bigint)
    LANGUAGE sql STABLE AS $fn$
      SELECT g.day::date,
        (extract(epoch FROM least(ended, (g.day::date + 1)::timestamp AT TIME ZONE zone)
          - greatest(started, g.day::timestamp AT TIME ZONE zone)) * 1000000)::bigint,
        (g.day::date = (started AT TIME ZONE zone)::date)::int,
        CASE WHEN g.day::date = (started AT TIME ZONE zone)::date
          THEN (extract(epoch FROM ended - started) * 1000000)::bigint ELSE 0 END
      FROM generate_series((started AT TIME ZONE zone)::date::timestamp,
        (greatest(ended, started) AT TIME ZONE zone)::date::timestamp, interval '1 day') AS g (day)
    $fn$;

    ${attemptTrigger(
      'dashboard_count_inserted_attempts',
      'SELECT created_at, assessor_id, outcome, 1 AS delta FROM inserted_attempts',
      '',
    )}
    ${attemptTrigger(
      'dashboard_count_updated_attempts',
      `SELECT created_at, assessor_id, outcome, 1 AS delta FROM new_attempts
        UNION ALL SELECT created_at, assessor_id, outcome, -1 FROM old_attempts`,
      'HAVING sum(delta) <> 0',
    )}
    ${attemptTrigger(
      'dashboard_count_deleted_attempts',
      'SELECT created_at, assessor_id, outcome, -1 AS delta FROM deleted_attempts',
      '',
    )}

    CREATE OR REPLACE FUNCTION dashboard_forget_attempts() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM attempt_daily_count_deltas;
      DELETE FROM attempt_daily_total_deltas;
      DELETE FROM attempt_hourly_count_deltas;
      RETURN NULL;
    END $$;

    ${stateTrigger('report_count_inserted_states', statePieces('inserted_states', '1'))}
    ${stateTrigger(
      'report_count_updated_states',
      `${statePieces('new_states', '1')} UNION ALL ${statePieces('old_states', '-1')}`,
    )}
    ${stateTrigger('report_count_deleted_states', statePieces('deleted_states', '-1'))}

    CREATE FUNCTION report_forget_states() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM agent_state_daily_deltas;
      RETURN NULL;
    END $$;

    CREATE TRIGGER report_states_insert AFTER INSERT ON agent_state_log
      REFERENCING NEW TABLE AS inserted_states
      FOR EACH STATEMENT EXECUTE FUNCTION report_count_inserted_states();
    CREATE TRIGGER report_states_update AFTER UPDATE ON agent_state_log
      REFERENCING OLD TABLE AS old_states NEW TABLE AS new_states
      FOR EACH STATEMENT EXECUTE FUNCTION report_count_updated_states();
    CREATE TRIGGER report_states_delete AFTER DELETE ON agent_state_log
      REFERENCING OLD TABLE AS deleted_states
      FOR EACH STATEMENT EXECUTE FUNCTION report_count_deleted_states();
    CREATE TRIGGER report_states_truncate AFTER TRUNCATE ON agent_state_log
      FOR EACH STATEMENT EXECUTE FUNCTION report_forget_states();

    -- Counts both summaries again from the calls and the closed states, in the zone set now:
    -- the backfill below, and the dashboard's rebuild when the zone changes (which holds the
    -- writes of both tables back meanwhile).
    CREATE FUNCTION report_summaries_rebuild() RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      call_centre_zone text := dashboard_time_zone();
    BEGIN
      DELETE FROM attempt_hourly_count_deltas;
      INSERT INTO attempt_hourly_count_deltas (day, hour, assessor_id, attempts)
      SELECT (created_at AT TIME ZONE call_centre_zone)::date,
        date_part('hour', created_at AT TIME ZONE call_centre_zone), assessor_id, count(*)
      FROM lead_attempts GROUP BY 1, 2, 3;
      DELETE FROM agent_state_daily_deltas;
      INSERT INTO agent_state_daily_deltas
        (day, user_id, state, pause_reason_id, microseconds, spans, span_microseconds)
      SELECT day, user_id, state, pause_reason_id, sum(microseconds), sum(spans),
        sum(span_microseconds)
      FROM (${statePieces('agent_state_log', '1')}) pieces
      GROUP BY 1, 2, 3, 4
      HAVING sum(microseconds) <> 0 OR sum(spans) <> 0 OR sum(span_microseconds) <> 0;
    END $$;

    -- Folds the rows from day since on into one per key, as the dashboard folds its daily
    -- counts (dashboard.repository.ts foldDeltas): only keys with several rows or nothing left.
    CREATE FUNCTION report_summaries_fold(since date) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      WITH removed AS (
        DELETE FROM attempt_hourly_count_deltas
        WHERE day >= since AND (day, hour, assessor_id) IN (
          SELECT day, hour, assessor_id FROM attempt_hourly_count_deltas WHERE day >= since
          GROUP BY 1, 2, 3 HAVING count(*) > 1 OR sum(attempts) = 0
        )
        RETURNING day, hour, assessor_id, attempts
      )
      INSERT INTO attempt_hourly_count_deltas (day, hour, assessor_id, attempts)
      SELECT day, hour, assessor_id, sum(attempts) FROM removed
      GROUP BY 1, 2, 3 HAVING sum(attempts) <> 0;

      WITH removed AS (
        DELETE FROM agent_state_daily_deltas
        WHERE day >= since AND (day, user_id, state, coalesce(pause_reason_id, -1)) IN (
          SELECT day, user_id, state, coalesce(pause_reason_id, -1)
          FROM agent_state_daily_deltas WHERE day >= since
          GROUP BY 1, 2, 3, 4
          HAVING count(*) > 1
            OR (sum(microseconds) = 0 AND sum(spans) = 0 AND sum(span_microseconds) = 0)
        )
        RETURNING day, user_id, state, pause_reason_id, microseconds, spans, span_microseconds
      )
      INSERT INTO agent_state_daily_deltas
        (day, user_id, state, pause_reason_id, microseconds, spans, span_microseconds)
      SELECT day, user_id, state, pause_reason_id, sum(microseconds), sum(spans),
        sum(span_microseconds)
      FROM removed GROUP BY 1, 2, 3, 4
      HAVING sum(microseconds) <> 0 OR sum(spans) <> 0 OR sum(span_microseconds) <> 0;
    END $$;

    -- The triggers above hold both tables locked until this migration commits, so no write
    -- falls between the backfill and the first trigger.
    SELECT report_summaries_rebuild();
  `)
    .execute(db);
}
