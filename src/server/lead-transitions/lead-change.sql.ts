import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { AttemptOutcome, LeadStatus } from '../../core/lead-status.ts';
import { type LeadAction, leadTransitions } from '../../core/lead-transitions.ts';
import { outcomeBlocksNumbers } from '../../core/outcomes.ts';
import { startsFrom, type TransitionValues, transitionSet } from './lead-transition.sql.ts';

/**
 * The whole of a lead change as steps of one statement's WITH list, all read from the
 * transition table: `changed` (the status update), `history` (a lead_history row per lead
 * changed) and, for an action that blocks numbers, `blocked` (the numbers put on the block
 * list). The statements stay in their features' repositories, shaped for their volume; they
 * add their own steps around these and select what they need from `changed`: `id`, `status`
 * and `owner_id` as the change left them, `from_status` and `from_owner_id` as they were.
 * `lead-transition.guard.test.ts` fails on SQL anywhere else that writes lead_history.
 */

/** The lead as it was before the change, as the statement knows it. */
export interface LeadBefore {
  status: RawBuilder<unknown>;
  ownerId: RawBuilder<unknown>;
}

export interface LeadChange {
  /** The FROM list of the update (the rows locked, an unnest…); none: the WHERE alone. */
  from?: RawBuilder<unknown>;
  /** Which leads change, on `leads l` and the FROM list. */
  where: RawBuilder<SqlBool>;
  /** The lead before the change; by default the `locked` step's row (`status`, `owner_id`). */
  before?: LeadBefore;
  /** What the action needs to know beyond the table (transitionSet). */
  values?: TransitionValues;
  /** Columns the statement sets besides the table's, such as a call's last note. */
  also?: RawBuilder<unknown>;
  /** Columns of the changed leads the statement reads besides the usual ones. */
  returning?: RawBuilder<unknown>;
  /** Who made the change, for the history and the block list; null: the server's own rules. */
  by: string | null;
  /** Why, as the lead's history shows it. */
  reason: string;
  /**
   * For an action that blocks numbers: the leads whose numbers go on the list (a query of `id`
   * and `phone`); by default the leads changed.
   */
  blockNumbersOf?: RawBuilder<unknown>;
}

const lockedLead: LeadBefore = {
  status: sql.ref('locked.status'),
  ownerId: sql.ref('locked.owner_id'),
};

/**
 * The status the leads had when `action` starts from one status only: a statement that updates
 * them without locking them first knows it without reading it back.
 */
export function soleStartingStatus(action: LeadAction): LeadStatus {
  const { from } = leadTransitions[action];
  const [status] = from;
  if (status === undefined || from.length > 1) {
    throw new Error(`${action} starts from ${from.length} statuses: read the lead's own`);
  }
  return status;
}

/**
 * Whether a call with this outcome puts the lead's numbers on the block list ("Não ligar"), as
 * the outcome registry says (src/core/outcomes.ts).
 */
export function outcomeBlocksPhone(outcome: AttemptOutcome | undefined): boolean {
  return outcome !== undefined && outcomeBlocksNumbers(outcome);
}

/** `changed`, `history` and the block step of `action`, for a WITH list (see above). */
export function transitionSteps(action: LeadAction, change: LeadChange): RawBuilder<unknown> {
  return steps(action, change, true);
}

function steps(action: LeadAction, change: LeadChange, numbersToList: boolean) {
  const before = change.before ?? lockedLead;
  const blocks = numbersToList ? leadTransitions[action].blocksPhone : undefined;
  const returning = [
    sql`l.id, l.status, l.owner_id, ${before.status} as from_status`,
    sql`${before.ownerId} as from_owner_id`,
    // Only what the steps and the statement read: a bulk change returns a row per lead.
    ...(blocks ? [sql`l.phone`] : []),
    ...(change.returning ? [change.returning] : []),
  ];
  const changed = sql`changed as (
      update leads l set ${transitionSet(action, change.values, change.also)}
      ${change.from ? sql`from ${change.from}` : sql``}
      where ${change.where}
      returning ${sql.join(returning, sql`, `)}
    ), history as (
      insert into lead_history
        (lead_id, changed_by, from_status, to_status, from_owner_id, to_owner_id, reason)
      select id, ${change.by}, from_status, status, from_owner_id, owner_id, ${change.reason}
      from changed
    )`;
  if (!blocks) return changed;
  // The SQL text depends only on the action (prepared statements keep one plan): whether a
  // call's outcome blocks is a parameter.
  const when =
    blocks === 'always' ? sql`true` : sql`${outcomeBlocksPhone(change.values?.outcome)}::boolean`;
  const leads = change.blockNumbersOf ?? sql`select id, phone from changed`;
  return sql`${changed}, blocked as (
      -- The person asked not to be called: on none of their numbers (0028).
      insert into do_not_call (phone, reason, created_by)
      select s.phone, ${change.reason}, ${change.by} from (${leads}) s
      where ${when} and s.phone is not null
      union
      select n.phone, ${change.reason}, ${change.by}
      from lead_phones n join (${leads}) s on n.lead_id = s.id
      where ${when}
      on conflict (phone) do nothing
      returning phone
    )`;
}

/**
 * The steps that take the leads with a blocked phone out of circulation, for a WITH list:
 * `locked` (the leads whose phone is in `phones`, a query of one `phone` column, that `action`
 * may start from), `changed` and `history` (a row each, by `adminId`, for `reason`), and the
 * numbers among leads' others marked. The statement selects what it needs from `changed`.
 */
export function blockLeadsWithPhones(
  action: 'block' | 'blockByList',
  phones: RawBuilder<unknown>,
  adminId: string,
  reason: string,
): RawBuilder<unknown> {
  const change = { from: sql`locked`, where: sql<SqlBool>`l.id = locked.id`, by: adminId, reason };
  // The numbers that block the leads are on a list already, which is all these statements
  // list: the leads' other numbers stay as they are, only marked where they are the same.
  return sql`locked as (
      select l.id, l.status, l.owner_id from leads l
      where l.phone in (${phones}) and ${startsFrom(action)}
      order by l.id
      for update
    ), ${steps(action, change, false)}, numbers_blocked as (
      -- The same numbers among leads' several (migration 0028): never to be dialled.
      update lead_phones n set state = 'do_not_call'
      where n.phone in (${phones}) and n.state <> 'do_not_call'
    )`;
}

/**
 * Deletes the leads `action` removes among those of `condition` (on `leads l`), and their
 * history with them: a statement of its own.
 */
export function deleteLeads(
  action: 'undoImport',
  condition: RawBuilder<SqlBool>,
): RawBuilder<unknown> {
  return sql`
    with deleted as (
      delete from leads l where ${condition} and ${startsFrom(action)}
      returning l.id
    )
    delete from lead_history where lead_id in (select id from deleted)`;
}

/**
 * A merge's history (`mergeInto`), as two statements: `moved` gives the other lead's rows to
 * the kept one, each saying which lead it came from, before the other lead is deleted; `noted`
 * writes the kept lead's row for the merge, its status and owner as they are.
 */
export function mergeHistory(values: {
  keptId: number;
  removedId: number;
  by: string;
  reason: string;
}) {
  return {
    moved: sql`update lead_history
      set lead_id = ${values.keptId}, reason = reason || ${` (lead #${values.removedId})`}
      where lead_id = ${values.removedId}`,
    noted: sql`insert into lead_history
        (lead_id, changed_by, from_status, to_status, from_owner_id, to_owner_id, reason)
      select id, ${values.by}, status, status, owner_id, owner_id, ${values.reason}
      from leads where id = ${values.keptId}`,
  };
}
