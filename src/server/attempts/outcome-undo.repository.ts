import { type Kysely, type SqlBool, sql } from 'kysely';
import type { LeadStatus } from '../../core/lead-status.ts';
import { leadTransitions } from '../../core/lead-transitions.ts';
import { prepared } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { startsFrom, transitionSteps } from '../lead-transitions/index.ts';

/** The lead an undo put back; null when it came too late or the lead changed since. */
export interface UndoneOutcome {
  leadId: number;
  /** Whether the undo came within its window. */
  inTime: boolean;
  leadStatus: LeadStatus | null;
  leadAttempts: number | null;
  callbackAt: Date | null;
}

/**
 * What recent calls changed (outcome_undo, written by the call's own statement in
 * attempt.repository.ts), to put a lead back as it was when its call is undone.
 */
export function createOutcomeUndoRepository(db: Kysely<Database>) {
  return {
    /**
     * Undoes the assessor's call `attemptId` if it was recorded within `windowSeconds` and
     * nothing changed the lead since (its `updated_at` is still the call's): the lead gets
     * back its status, owner, call-back, place in the list and note, one attempt less, and a
     * history row; the call and the block list entry it added are deleted, the number it found
     * dead is valid again. One statement; the undo row is used up either way. No row: nothing
     * of this assessor's to undo. A row without a lead: the lead changed since or the undo
     * came too late.
     */
    async undoOutcome(
      assessorId: string,
      attemptId: number,
      windowSeconds: number,
    ): Promise<UndoneOutcome | undefined> {
      const result = await prepared(
        'undo-outcome',
        sql<UndoneOutcome>`
          with undo as (
            delete from outcome_undo
            where assessor_id = ${assessorId} and attempt_id = ${attemptId}
            returning *, recorded_at > now() - make_interval(secs => ${windowSeconds}) as in_time
          ), target as (
            select l.id, l.status, l.owner_id from leads l join undo u on l.id = u.lead_id
            where u.in_time and l.updated_at = u.recorded_at and l.erased_at is null
              and ${startsFrom('undoOutcome', sql.ref('l.status'))}
            for update of l
          ), ${transitionSteps('undoOutcome', {
            from: sql`target t, undo u`,
            where: sql<SqlBool>`l.id = t.id`,
            before: { status: sql.ref('t.status'), ownerId: sql.ref('t.owner_id') },
            values: { previous: 'u' },
            also: sql`last_note = u.last_note`,
            returning: sql`l.attempts, l.callback_at`,
            by: assessorId,
            reason: leadTransitions.undoOutcome.label,
          })}, removed as (
            delete from lead_attempts a using changed r, undo u
            where a.id = u.attempt_id
          ), unblocked as (
            -- The lead's other numbers the same call blocked, at the same instant.
            delete from do_not_call d using changed r, undo u
            where d.phone = u.blocked_phone
              or (u.blocked_phone is not null and d.created_at = u.recorded_at
                and d.phone in (select n.phone from lead_phones n where n.lead_id = r.id))
          ), revived_number as (
            update lead_phones n set state = 'valid' from changed r, undo u
            where n.lead_id = r.id and n.phone = u.invalid_phone
          )
          select u.lead_id as "leadId", u.in_time as "inTime", r.status as "leadStatus",
            r.attempts as "leadAttempts", r.callback_at as "callbackAt"
          from undo u left join changed r on true
        `,
      ).execute(db);
      return result.rows[0];
    },

    /** Forgets what calls older than `seconds` changed: they can no longer be undone. */
    async purgeUndos(seconds: number): Promise<number> {
      const result = await db
        .deleteFrom('outcome_undo')
        .where('recorded_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type OutcomeUndoRepository = ReturnType<typeof createOutcomeUndoRepository>;
