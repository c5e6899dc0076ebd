import { type Kysely, sql } from 'kysely';

/**
 * When each lead may be called again (issue #21 §2): the time its retry rule, its call-back or
 * a cap on calls set, and which of them it was ('-infinity': whenever). A lead whose retry rule
 * closes it after the last try takes the new status 'exhausted' (no owner, out of the lists
 * until an administrator hands it on). The constant default
 * adds the column without rewriting the table. A call's "Ocupado" or "Caixa postal" is kept on
 * the call (its outcome stays "Não atendeu"); an undone call gives back the lead's hand-over
 * time and next call too.
 *
 * The assessor's list reads its call-backs and retries by their next call, so those two
 * indexes are rebuilt on it; the not-attended one carries it to tell a capped lead from the
 * index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE leads
      ADD COLUMN next_call_at timestamptz NOT NULL DEFAULT '-infinity',
      ADD COLUMN next_call_reason text
        CHECK (next_call_reason IN ('callback', 'retry', 'daily_cap', 'weekly_cap'));
    ALTER TABLE leads DROP CONSTRAINT leads_status_check,
      ADD CONSTRAINT leads_status_check CHECK (status IN ('new', 'assigned', 'green', 'yellow',
        'red', 'no_answer', 'invalid', 'do_not_call', 'recycled', 'exhausted'));
    UPDATE leads SET next_call_at = callback_at, next_call_reason = 'callback'
      WHERE status = 'yellow' AND callback_at IS NOT NULL;

    ALTER TABLE lead_attempts
      ADD COLUMN no_answer_kind text CHECK (no_answer_kind IN ('busy', 'voicemail'));

    ALTER TABLE outcome_undo
      ADD COLUMN assigned_at timestamptz,
      ADD COLUMN next_call_at timestamptz,
      ADD COLUMN next_call_reason text;

    DROP INDEX leads_owner_callbacks_idx;
    CREATE INDEX leads_owner_callbacks_idx ON leads (owner_id, next_call_at, id)
      INCLUDE (callback_at) WHERE status = 'yellow';
    DROP INDEX leads_owner_retries_idx;
    CREATE INDEX leads_owner_retries_idx ON leads (owner_id, next_call_at, id)
      WHERE status = 'no_answer';
    DROP INDEX leads_owner_not_attended_idx;
    CREATE INDEX leads_owner_not_attended_idx ON leads (owner_id, assigned_at, id)
      INCLUDE (next_call_at) WHERE status = 'assigned';
  `.execute(db);
}
