import { type Kysely, sql } from 'kysely';

/**
 * What each assessor's last call changed, so that it can be undone for a few seconds: the lead
 * as it was before the call and the block list entry the call added. One row per assessor (a
 * new call replaces it), so the table stays as small as the team and costs the call one upsert.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE outcome_undo (
      assessor_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      attempt_id bigint NOT NULL,
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
