import { type Kysely, sql } from 'kysely';

/**
 * What each call changed, so that it can be undone for a few seconds: the lead as it was before
 * the call and the block list entry the call added. One row per call, only ever inserted (two
 * calls never wait for each other's row) and deleted once its window has passed
 * (the attempts feature purges them every few minutes), so the table holds minutes of calls.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE outcome_undo (
      attempt_id bigint PRIMARY KEY,
      -- No foreign keys: a row lives a few minutes, and a call should not pay for checks.
      assessor_id text NOT NULL,
      lead_id bigint NOT NULL,
      recorded_at timestamptz NOT NULL,
      status text NOT NULL,
      owner_id text,
      last_owner_id text,
      callback_at timestamptz,
      status_changed_at timestamptz NOT NULL,
      last_note text,
      blocked_phone text
    )
  `.execute(db);
}
