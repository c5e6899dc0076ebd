import { type RawBuilder, sql } from 'kysely';
import { phoneStates } from '../../core/lead-phones.ts';
import {
  attemptOutcomes,
  closedStatuses,
  leadStatuses,
  ownedStatuses,
} from '../../core/lead-status.ts';
import { callbackOutcomeKey } from '../../core/outcomes.ts';

const list = (values: readonly string[]) => sql.join(values.map((value) => sql.lit(value)));

/**
 * The constraints and the index that name outcomes, statuses or number states, written from
 * the outcome registry (src/core/outcomes.ts): what a call may record, what a lead and a number
 * may be, which statuses need an owner, and the index of the calls that close a lead (a partial
 * index serves only the literal list it was built with, so it follows the registry too).
 * Running it again replaces them, so a migration that adds an outcome is one call of this.
 */
export function outcomeConstraints(): RawBuilder<unknown> {
  return sql`
    ALTER TABLE lead_attempts DROP CONSTRAINT IF EXISTS lead_attempts_outcome_check,
      ADD CONSTRAINT lead_attempts_outcome_check CHECK (outcome IN (${list(attemptOutcomes)}));
    ALTER TABLE leads DROP CONSTRAINT IF EXISTS leads_status_check,
      ADD CONSTRAINT leads_status_check CHECK (status IN (${list(leadStatuses)})),
      DROP CONSTRAINT IF EXISTS leads_owned_check,
      ADD CONSTRAINT leads_owned_check
        CHECK (status NOT IN (${list(ownedStatuses)}) OR owner_id IS NOT NULL),
      DROP CONSTRAINT IF EXISTS leads_callback_check,
      ADD CONSTRAINT leads_callback_check
        CHECK (status <> ${sql.lit(callbackOutcomeKey)} OR callback_at IS NOT NULL);
    ALTER TABLE lead_phones DROP CONSTRAINT IF EXISTS lead_phones_state_check,
      ADD CONSTRAINT lead_phones_state_check CHECK (state IN (${list(phoneStates)}));
    CREATE INDEX lead_attempts_closing_next_idx ON lead_attempts (assessor_id, created_at)
      WHERE outcome IN (${list(closedStatuses)});
    DROP INDEX IF EXISTS lead_attempts_closing_idx;
    ALTER INDEX lead_attempts_closing_next_idx RENAME TO lead_attempts_closing_idx;
  `;
}
