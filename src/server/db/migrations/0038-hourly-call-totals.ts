import { type Kysely, sql } from 'kysely';

/**
 * `attempt_hourly_total_deltas`: the calls per day and hour of the whole call centre, for the
 * reports of every assessor. Summing `attempt_hourly_count_deltas` (one row per day, hour and
 * assessor once folded) for 30 days reads 30 × 24 × the assessors: 1.4 million rows for
 * 2,000 assessors, most of a second; this table holds 720.
 *
 * Kept from the per-assessor table by its own statement triggers, so every writer of that one
 * (the calls' triggers, the zone's rebuild, the fold) keeps this one exact without a change:
 * rows added are added here, rows removed are taken back. Folded with the others
 * (dashboard.repository.ts compactDeltas); a restore loads both tables with the triggers off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    -- Held until the migration commits: no row added between the backfill and the triggers.
    LOCK TABLE attempt_hourly_count_deltas IN SHARE ROW EXCLUSIVE MODE;

    CREATE TABLE attempt_hourly_total_deltas (
      day date NOT NULL,
      hour smallint NOT NULL,
      attempts int NOT NULL
    );
    CREATE INDEX attempt_hourly_total_deltas_day_idx ON attempt_hourly_total_deltas (day, hour);
    ALTER TABLE attempt_hourly_total_deltas
      SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 1000);

    CREATE FUNCTION report_add_hourly_totals() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO attempt_hourly_total_deltas (day, hour, attempts)
      SELECT day, hour, sum(attempts) FROM added_hours GROUP BY 1, 2 HAVING sum(attempts) <> 0;
      RETURN NULL;
    END $$;
    CREATE FUNCTION report_take_hourly_totals() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO attempt_hourly_total_deltas (day, hour, attempts)
      SELECT day, hour, -sum(attempts) FROM removed_hours GROUP BY 1, 2 HAVING sum(attempts) <> 0;
      RETURN NULL;
    END $$;
    CREATE FUNCTION report_forget_hourly_totals() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM attempt_hourly_total_deltas;
      RETURN NULL;
    END $$;

    CREATE TRIGGER report_hourly_totals_insert AFTER INSERT ON attempt_hourly_count_deltas
      REFERENCING NEW TABLE AS added_hours
      FOR EACH STATEMENT EXECUTE FUNCTION report_add_hourly_totals();
    CREATE TRIGGER report_hourly_totals_delete AFTER DELETE ON attempt_hourly_count_deltas
      REFERENCING OLD TABLE AS removed_hours
      FOR EACH STATEMENT EXECUTE FUNCTION report_take_hourly_totals();
    CREATE TRIGGER report_hourly_totals_truncate AFTER TRUNCATE ON attempt_hourly_count_deltas
      FOR EACH STATEMENT EXECUTE FUNCTION report_forget_hourly_totals();

    INSERT INTO attempt_hourly_total_deltas (day, hour, attempts)
    SELECT day, hour, sum(attempts) FROM attempt_hourly_count_deltas
    GROUP BY 1, 2 HAVING sum(attempts) <> 0;
  `)
    .execute(db);
}
