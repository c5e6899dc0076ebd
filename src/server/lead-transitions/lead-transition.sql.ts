import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type NextCallReason, nextCallReasons } from '../../core/contact-rules.ts';
import type { AttemptOutcome, LeadStatus } from '../../core/lead-status.ts';
import {
  type LeadAction,
  leadTransitions,
  outcomeClosesLead,
  statusAfter,
} from '../../core/lead-transitions.ts';

/**
 * The only code that writes a lead's status. Every statement that changes leads takes its
 * condition (`startsFrom`) and its SET list (`transitionSet`) from here, built from the
 * transition table in src/core, so what an action may start from and what it sets are
 * written once. The statements themselves stay in their features' repositories, each shaped
 * for its own volume (one lead, a filter, an unnest of 50 000), and take the update with its
 * history row and block step from lead-change.sql.ts; `lead-transition.guard.test.ts` fails
 * when SQL anywhere else writes `status`.
 */

/** The leads `action` may start from, as a condition on `column` (the leads' status). */
export function startsFrom(
  action: LeadAction,
  column: RawBuilder<unknown> = sql.ref('l.status'),
): RawBuilder<SqlBool> {
  return sql<SqlBool>`${column} = any(${[...leadTransitions[action].from]}::text[])`;
}

/** What an action needs to know beyond the table. */
export interface TransitionValues {
  /** The new owner, for the actions that hand a lead to someone (a value or a column). */
  assessor?: string | RawBuilder<unknown>;
  /** The call's outcome, for `recordOutcome`. */
  outcome?: AttemptOutcome;
  /** The caller of a call, who owned the lead until now. */
  caller?: string;
  /** The call-back time a "Retornar" gives. */
  callbackAt?: Date | null;
  /** When the lead may be called next and why, as the call was planned (contact-rules). */
  nextCall?: { at: Date | null; reason: NextCallReason | null };
  /**
   * For an undone call, the table alias of the lead as it was before the call: a row with its
   * `status`, `owner_id`, `last_owner_id`, `assigned_at`, `callback_at`, `status_changed_at`,
   * `next_call_at` and `next_call_reason`.
   */
  previous?: string;
}

/** What an erasure (LGPD) leaves of a lead: no personal data. */
const erasedPersonalData = sql`name = null, phone = null, phone_raw = null, email = null,
  cpf = null, city = null, notes = null, last_note = null, extra = '{}', erased_at = now()`;

/**
 * The SET list of `action` on `leads l`: its status, owner, dates and counters as the table
 * says, plus `also` (columns that are the statement's own, such as a call's last note).
 * The SQL text depends only on the action, so prepared statements keep one plan.
 */
export function transitionSet(
  action: LeadAction,
  values: TransitionValues = {},
  also?: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const transition = leadTransitions[action];
  const parts: RawBuilder<unknown>[] = [];

  const previous = (column: string) => {
    if (values.previous === undefined) throw new Error(`${action} needs the lead before the call`);
    return sql.ref(`${values.previous}.${column}`);
  };
  let status: RawBuilder<unknown>;
  if (transition.to === 'previous') {
    status = previous('status');
  } else if (transition.to === 'kept') {
    status = sql`l.status`;
  } else {
    const to = statusAfter(action, { outcome: values.outcome });
    if (to === null) throw new Error(`${action} deletes leads: it has no SET list`);
    status = transition.to === 'outcome' ? sql`${to}::text` : sql.lit(to as LeadStatus);
  }
  parts.push(sql`status = ${status}`);

  switch (transition.owner) {
    case 'assessor':
      if (values.assessor === undefined) throw new Error(`${action} needs the assessor`);
      parts.push(sql`owner_id = ${values.assessor}`);
      parts.push(sql`last_owner_id = coalesce(l.owner_id, l.last_owner_id)`);
      break;
    case 'cleared':
      parts.push(sql`owner_id = null, last_owner_id = coalesce(l.owner_id, l.last_owner_id)`);
      break;
    case 'clearedWhenClosed': {
      if (!values.outcome || values.caller === undefined) {
        throw new Error(`${action} needs the outcome and the caller`);
      }
      const owner = outcomeClosesLead(values.outcome) ? null : values.caller;
      parts.push(sql`owner_id = ${owner}::text`);
      parts.push(
        sql`last_owner_id = case when ${owner}::text is null then coalesce(l.owner_id, l.last_owner_id) else l.last_owner_id end`,
      );
      break;
    }
    case 'previous':
      parts.push(sql`owner_id = ${previous('owner_id')}`);
      parts.push(sql`last_owner_id = ${previous('last_owner_id')}`);
      break;
    case 'kept':
      break;
  }

  if (transition.assignedAt === 'now') parts.push(sql`assigned_at = now()`);
  if (transition.assignedAt === 'cleared') parts.push(sql`assigned_at = null`);
  // An undo row written before migration 0025 has no hand-over time: the lead's is the one.
  if (transition.assignedAt === 'previous') {
    parts.push(sql`assigned_at = coalesce(${previous('assigned_at')}, l.assigned_at)`);
  }
  const callbackAt = {
    given: () => sql`${values.callbackAt ?? null}::timestamptz`,
    previous: () => previous('callback_at'),
    kept: () => sql`l.callback_at`,
    cleared: () => sql`null`,
  }[transition.callbackAt]();
  parts.push(sql`callback_at = ${callbackAt}`);
  if (transition.nextCall !== 'kept') parts.push(nextCallSet(action, values, previous));
  if (transition.counts === 'attempts') parts.push(sql`attempts = l.attempts + 1`);
  if (transition.uncounts === 'attempts') parts.push(sql`attempts = greatest(l.attempts - 1, 0)`);
  if (transition.counts === 'recycles') parts.push(sql`recycles = l.recycles + 1`);
  if (transition.erasesPersonalData) parts.push(erasedPersonalData);
  if (also) parts.push(also);
  const statusChangedAt = {
    always: () => sql`now()`,
    whenStatusChanges: () =>
      sql`case when l.status <> ${status} then now() else l.status_changed_at end`,
    previous: () => previous('status_changed_at'),
  }[transition.statusChangedAt]();
  parts.push(sql`status_changed_at = ${statusChangedAt}`);
  parts.push(sql`updated_at = now()`);
  return sql.join(parts, sql`, `);
}

/** The reasons that belong to the lead whoever holds it. */
const capReasons = nextCallReasons.filter((reason) => reason.endsWith('_cap'));

/** `next_call_at` and `next_call_reason` as `action` leaves them ('-infinity': whenever). */
function nextCallSet(
  action: LeadAction,
  values: TransitionValues,
  previous: (column: string) => RawBuilder<unknown>,
): RawBuilder<unknown> {
  switch (leadTransitions[action].nextCall) {
    case 'planned': {
      if (values.nextCall === undefined) throw new Error(`${action} needs the planned next call`);
      const { at, reason } = values.nextCall;
      return sql`next_call_at = coalesce(${at}::timestamptz, '-infinity'),
        next_call_reason = ${reason}::text`;
    }
    case 'previous':
      return sql`next_call_at = coalesce(${previous('next_call_at')}, '-infinity'),
        next_call_reason = ${previous('next_call_reason')}`;
    case 'kept':
      throw new Error(`${action} leaves the next call as it is: it has no SET for it`);
    case 'capsKept': {
      const capped = sql`l.next_call_reason in (${sql.join(capReasons.map((reason) => sql.lit(reason)))})`;
      return sql`next_call_at = case when ${capped} then l.next_call_at else '-infinity' end,
        next_call_reason = case when ${capped} then l.next_call_reason end`;
    }
  }
}
