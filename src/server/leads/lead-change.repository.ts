import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { type LeadAction, leadTransitions } from '../../core/lead-transitions.ts';
import { type LocalTime, localTime } from '../db/local-time.ts';
import type { Database } from '../db/schema.ts';
import { erasureImportRowSteps } from '../imports/index.ts';
import {
  startsFrom,
  type TransitionEvent,
  type TransitionValues,
  transitionEvent,
  transitionSteps,
} from '../lead-transitions/index.ts';
import { erasureWebhookSteps } from '../webhooks/index.ts';
import { leadFilterCondition, type ScopedLeadFilter } from './lead-filter.sql.ts';

/**
 * The rows of a bulk action: chosen ids, or every lead of a filter; `owners` (or the filter's)
 * narrows either to a supervisor's assessors' leads, so that nothing else is touched even if a
 * lead changed hands since it was checked.
 */
export type LeadTarget =
  | { ids: number[]; owners?: readonly string[] | undefined }
  | { filter: ScopedLeadFilter };

export type BulkOperation =
  | { action: 'returnToPool' }
  | { action: 'reassign'; assessorId: string }
  | { action: 'doNotCall' }
  | { action: 'erase' };

/** The transition each bulk action applies. */
const transitionOf = {
  returnToPool: 'returnToPool',
  reassign: 'reassign',
  doNotCall: 'block',
  erase: 'erase',
} as const satisfies Record<BulkOperation['action'], LeadAction>;
type BulkAction = (typeof transitionOf)[BulkOperation['action']];

/** The leads the bulk target names, as a condition on `leads l`. */
function targetCondition(target: LeadTarget, local: LocalTime): RawBuilder<SqlBool> {
  if (!('ids' in target)) return leadFilterCondition(target.filter, local);
  const chosen = sql<SqlBool>`l.id = any(${target.ids}::bigint[])`;
  return target.owners
    ? sql<SqlBool>`(${chosen} and l.owner_id = any(${target.owners}::text[]))`
    : chosen;
}

const lockedColumns = sql`l.id, l.status, l.owner_id, l.phone`;

/**
 * An erased lead's calls keep who called, when and the outcome; their note, the phone and
 * name they dialled (migration 0017) and why they were made out of hours (0024) are about the
 * person, and go with the lead's own, as do its other numbers (0028), what webhook
 * deliveries said of it and the rows of the imported files that held it (0034); the endpoints
 * that want it hear of the erasure (0029).
 */
const eraseCallPersonalData = sql`, call_personal_data as (
  update lead_attempts
  set note = null, lead_phone = null, lead_name = null, outside_window_reason = null
  where lead_id in (select id from locked)
    and (note is not null or lead_phone is not null or lead_name is not null
      or outside_window_reason is not null)
), numbers_erased as (
  delete from lead_phones where lead_id in (select id from locked)
)${erasureWebhookSteps({ locked: 'locked' })}${erasureImportRowSteps({ locked: 'locked' })}`;

/**
 * The common head of a lead change: `locked` (the rows, locked), the transition's steps
 * (`changed`, its history rows and, for "Não ligar", the numbers blocked), then the extra
 * steps. The caller adds the final select.
 */
function changeLocked(
  action: LeadAction,
  lockedRows: RawBuilder<unknown>,
  values: TransitionValues,
  extraSteps: RawBuilder<unknown>,
  changedBy: string | null,
  reason: string,
): RawBuilder<unknown> {
  return sql`
    with locked as (
      ${lockedRows}
    ), ${transitionSteps(action, {
      from: sql`locked`,
      where: sql<SqlBool>`l.id = locked.id`,
      values,
      by: changedBy,
      reason,
    })}${extraSteps}`;
}

/** The owners who had or now have a changed lead: their open lists change. */
const ownersOfChanged = sql`(select coalesce(array_agg(distinct owner_id), '{}') from (
    select from_owner_id as owner_id from changed
    union select owner_id from changed
  ) owners where owner_id is not null)`;

/** The key of the transaction-level advisory lock of the retention job: one server at a time. */
const retentionLockKey = sql`hashtext('cca.lead-retention')`;

/** What an admin's actions and the retention job change on leads, each as one statement. */
/** `timeZone`: the call centre's (TIME_ZONE), whose days a bulk action's filter names. */
export function createLeadChangeRepository(db: Kysely<Database>, timeZone: string) {
  const local = localTime(timeZone);
  return {
    /** The statements bound to a unit of work's transaction. */
    within: (executor: Kysely<Database>) => createLeadChangeRepository(executor, timeZone),
    /** Where the statements run, for the events sent after them. */
    db,

    /** How many of the leads chosen are owned by one of `owners` (ids repeated count once). */
    async countOwned(ids: number[], owners: readonly string[]): Promise<number> {
      const result = await sql<{ count: number }>`
        select count(*)::int as count from leads
        where id = any(${ids}::bigint[]) and owner_id = any(${owners}::text[])
      `.execute(db);
      return result.rows[0]?.count ?? 0;
    },

    /**
     * One statement per action: lock the leads it applies to, change them, write their
     * history (and the block list) from the same rows. Answers how many leads the target
     * matched, how many changed, and whose lists changed.
     */
    async bulk(
      target: LeadTarget,
      operation: BulkOperation,
      /** Who asked; null for the server's own rules (overdue call-backs). */
      adminId: string | null,
    ): Promise<{
      matched: number;
      affected: number;
      ownerIds: string[];
      /** What open pages hear once this has committed. */
      event: TransitionEvent<BulkAction>;
    }> {
      const action = transitionOf[operation.action];
      const reason = leadTransitions[action].label;
      const applicable: RawBuilder<SqlBool>[] = [startsFrom(action)];
      let extraSteps = sql``;
      switch (operation.action) {
        case 'reassign':
          // Handing a lead to the assessor who already has it, untouched, changes nothing.
          applicable.push(sql<SqlBool>`(l.owner_id is distinct from ${operation.assessorId}
            or l.status <> 'assigned')`);
          break;
        // An erasure does not add the phone to the block list: the list would then hold the
        // very personal data being erased. A phone already there stays, as it was asked for.
        case 'erase':
          applicable.push(sql<SqlBool>`l.erased_at is null`);
          extraSteps = eraseCallPersonalData;
          break;
      }
      const values = operation.action === 'reassign' ? { assessor: operation.assessorId } : {};
      const condition = targetCondition(target, local);
      const result = await sql<{ matched: number; affected: number; ownerIds: string[] }>`
        ${changeLocked(
          action,
          sql`select ${lockedColumns} from leads l
            where ${condition} and ${sql.join(applicable, sql` and `)}
            order by l.id
            for update`,
          values,
          extraSteps,
          adminId,
          reason,
        )}
        select
          (select count(*) from leads l where ${condition})::int as matched,
          (select count(*) from changed)::int as affected,
          ${ownersOfChanged} as "ownerIds"
      `.execute(db);
      const row = result.rows[0];
      return {
        matched: row?.matched ?? 0,
        affected: row?.affected ?? 0,
        ownerIds: row?.ownerIds ?? [],
        event: transitionEvent(action, { assessorIds: row?.ownerIds ?? [] }),
      };
    },

    /**
     * Erases up to `limit` leads (from id `after` on) with no change, call or status change
     * since `cutoff`, in the unit of work's transaction (`within`), which holds the retention
     * lock till it ends. Only one server at a time: when another holds the lock this answers
     * `locked: false` and changes nothing.
     */
    async eraseUntouchedSince(
      cutoff: Date,
      after: number,
      limit: number,
      reason: string,
    ): Promise<{
      locked: boolean;
      erased: number;
      lastId: number | null;
      ownerIds: string[];
      /** What open pages hear once this has committed. */
      event: TransitionEvent<'erase'>;
    }> {
      const lock = await sql<{ locked: boolean }>`
        select pg_try_advisory_xact_lock(${retentionLockKey}) as locked
      `.execute(db);
      if (!lock.rows[0]?.locked) {
        const event = transitionEvent('erase', { assessorIds: [] });
        return { locked: false, erased: 0, lastId: null, ownerIds: [], event };
      }
      const result = await sql<{ erased: number; lastId: string | null; ownerIds: string[] }>`
        ${changeLocked(
          'erase',
          sql`select ${lockedColumns} from leads l
            where l.id > ${after} and l.erased_at is null and ${startsFrom('erase')}
              and l.updated_at < ${cutoff} and l.status_changed_at < ${cutoff}
              and l.created_at < ${cutoff}
              and not exists (
                select 1 from lead_attempts a
                where a.lead_id = l.id and a.created_at >= ${cutoff}
              )
            order by l.id
            limit ${limit}
            for update skip locked`,
          {},
          eraseCallPersonalData,
          null,
          reason,
        )}
        select (select count(*) from changed)::int as erased,
          (select max(id) from locked)::text as "lastId",
          ${ownersOfChanged} as "ownerIds"
      `.execute(db);
      const row = result.rows[0];
      return {
        locked: true,
        erased: row?.erased ?? 0,
        lastId: row?.lastId ? Number(row.lastId) : null,
        ownerIds: row?.ownerIds ?? [],
        event: transitionEvent('erase', { assessorIds: row?.ownerIds ?? [] }),
      };
    },
  };
}
export type LeadChangeRepository = ReturnType<typeof createLeadChangeRepository>;
