import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { attemptFilterSchema } from '../../core/attempts.ts';
import { callingCalendarSettingKey } from '../../core/calling-windows.ts';
import {
  contactRulesSettingKey,
  type NextCallReason,
  type NoAnswerKind,
} from '../../core/contact-rules.ts';
import type { LeadPhone, PhoneState } from '../../core/lead-phones.ts';
import type { AttemptOutcome, LeadStatus } from '../../core/lead-status.ts';
import type { LeadAction } from '../../core/lead-transitions.ts';
import type { Channel } from '../../core/leads.ts';
import { answeredOutcomeKeys } from '../../core/outcomes.ts';
import { endCallSteps } from '../agent-states/index.ts';
import { phoneIsBlocked } from '../db/blocked-phones.ts';
import { prepared } from '../db/database.ts';
import { leadPhonesJson } from '../db/lead-phones.sql.ts';
import { type LocalTime, localTime } from '../db/local-time.ts';
import type { Database } from '../db/schema.ts';
import { startsFrom, transitionSteps } from '../lead-transitions/index.ts';
import { callWebhookDeliveries } from '../webhooks/index.ts';

/** Statuses as SQL literals: a partial index serves only a literal predicate. */
const _literals = (statuses: readonly LeadStatus[]) =>
  sql.join(statuses.map((status) => sql.lit(status)));

/** The list's filter; `assessors` narrows it to a supervisor's assessors' calls (decision 041). */
export type AttemptFilter = z.output<typeof attemptFilterSchema> & {
  assessors?: readonly string[] | undefined;
};

/** The actions a call applies: its outcome, or what its retry rule does after the last try. */
export type CallAction = Extract<
  LeadAction,
  | 'recordOutcome'
  | 'scheduleCallback'
  | 'numberMarked'
  | 'lastTryToPool'
  | 'lastTryToRecycling'
  | 'lastTryClosed'
>;

export interface OutcomeChange {
  leadId: number;
  assessorId: string;
  action: CallAction;
  outcome: AttemptOutcome;
  noAnswerKind: NoAnswerKind | null;
  /** When the lead may be called next, as planned from its calls (contact-rules). */
  nextCall: { at: Date | null; reason: NextCallReason | null };
  /** The lead's attempt count the plan was made on: a call recorded since means planning again. */
  plannedOnAttempts: number;
  channel: Channel;
  note: string | null;
  callbackAt: Date | null;
  outsideWindowReason: string | null;
  reason: string;
  /** The number dialled, kept with the call; null: the lead's main number. */
  dialledPhone: string | null;
  /**
   * Whether the call dials a number: false only for the call that closes a lead none of whose
   * numbers may be dialled any more. A call that dials a blocked number is not recorded.
   */
  dials: boolean;
  /**
   * The lead's number the call marks (one of several, in lead_phones) and the state it takes:
   * dead, someone else's (src/core/outcomes.ts); null: none.
   */
  markedPhone: { phone: string; state: PhoneState } | null;
  /** The WhatsApp message template sent, checked active by callHistory; null: none. */
  messageTemplateId: number | null;
}

/**
 * The lead's status and attempt count when it was locked and, when the call was recorded, the
 * call and the lead after it.
 */
export type RecordedOutcome = {
  currentStatus: LeadStatus;
  currentAttempts: number;
  /** The number dialled is on a block list: the call was not recorded. */
  dialledBlocked: boolean;
  /** The call ended the assessor's `on_call` state (back to available). */
  callEnded: boolean;
} & (
  | (AttemptRow & { leadStatus: LeadStatus; leadAttempts: number })
  | ({ [Column in keyof AttemptRow]: null } & { leadStatus: null; leadAttempts: null })
);

/** What planning a call needs: the lead, its recent calls and the contact rules stored. */
export interface CallHistory {
  attempts: number;
  assignedAt: Date | null;
  phone: string | null;
  /** Every number of a lead that has several, its main one first; empty for one number. */
  phones: LeadPhone[];
  uf: string | null;
  city: string | null;
  calls: { at: string; outcome: AttemptOutcome; noAnswerKind: NoAnswerKind | null }[];
  rules: string | null;
  calendar: string | null;
  /** False when the message template the call names is unknown or archived. */
  templateUsable: boolean;
}

export interface AttemptRow {
  id: number;
  createdAt: Date;
  leadId: number;
  leadName: string | null;
  leadPhone: string | null;
  assessorId: string;
  assessorName: string;
  outcome: AttemptOutcome;
  channel: Channel;
  note: string | null;
  callbackAt: Date | null;
  outsideWindowReason: string | null;
  noAnswerKind: NoAnswerKind | null;
  messageTemplateName: string | null;
}

export interface AttemptExportRow extends AttemptRow {
  /** Already dd/mm/aaaa HH:mm in the call centre's zone. */
  createdAtText: string;
  callbackAtText: string | null;
}

/** The condition of a filter on `lead_attempts a`, or `true`. */
function attemptCondition(filter: AttemptFilter, local: LocalTime): RawBuilder<SqlBool> {
  const conditions: RawBuilder<SqlBool>[] = [];
  if (filter.assessor) conditions.push(sql<SqlBool>`a.assessor_id = ${filter.assessor}`);
  if (filter.assessors) {
    conditions.push(sql<SqlBool>`a.assessor_id = any(${filter.assessors}::text[])`);
  }
  if (filter.outcome) conditions.push(sql<SqlBool>`a.outcome = ${filter.outcome}`);
  if (filter.contact) {
    const contact = sql<SqlBool>`a.outcome = any(${[...answeredOutcomeKeys]}::text[])`;
    conditions.push(filter.contact === 'yes' ? contact : sql<SqlBool>`not ${contact}`);
  }
  if (filter.channel) conditions.push(sql<SqlBool>`a.channel = ${filter.channel}`);
  if (filter.from) {
    conditions.push(sql<SqlBool>`a.created_at >= ${local.dayStart(filter.from)}`);
  }
  if (filter.to) {
    conditions.push(sql<SqlBool>`a.created_at < ${local.dayEnd(filter.to)}`);
  }
  return conditions.length > 0 ? sql<SqlBool>`(${sql.join(conditions, sql` and `)})` : sql`true`;
}

/** An instant as JSON writes it in JavaScript (`Date.prototype.toJSON`): UTC, milliseconds. */
const _jsonInstant = (column: RawBuilder<unknown>) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `timeZone`: the call centre's (TIME_ZONE), for the days of a filter and the times it reads. */
export function createAttemptRepository(
  db: Kysely<Database>,
  timeZone: string,
  reads: () => Kysely<Database> = () => db,
) {
  const local = localTime(timeZone);
  const selectAttempts = (filter: AttemptFilter, after: number | undefined, source = db) =>
    source
      .selectFrom('lead_attempts as a')
      .innerJoin('users as u', 'u.id', 'a.assessor_id')
      .leftJoin('message_templates as m', 'm.id', 'a.message_template_id')
      .select([
        'a.id',
        'a.created_at as createdAt',
        'a.lead_id as leadId',
        // As they were when the call was made (migration 0017), not as the lead is now.
        'a.lead_name as leadName',
        'a.lead_phone as leadPhone',
        'a.assessor_id as assessorId',
        'u.name as assessorName',
        'a.outcome',
        'a.channel',
        'a.note',
        'a.callback_at as callbackAt',
        'a.outside_window_reason as outsideWindowReason',
        'a.no_answer_kind as noAnswerKind',
        'm.name as messageTemplateName',
      ])
      .where(attemptCondition(filter, local))
      .$if(after !== undefined, (query) => query.where('a.id', '<', after as number))
      .orderBy('a.id', 'desc');

  return {
    /**
     * Records a call by the lead's owner in one statement, planned once per connection: it
     * locks the lead if it is this owner's and not erased, and only when its status still lets
     * it be worked (checked on the locked row, so a double submit records one transition) and
     * the number dialled is on no block list, writes the call, the lead's new state with its
     * history row and block list entries (lead-change.sql.ts) and the webhook deliveries it
     * owes. The call keeps the phone and the name it dialled, taken from the locked row: the
     * lead may be corrected or handed on later, the call stays as it was. No row: not the owner's lead. A row without a call: the
     * status did not allow it.
     */
    async recordOutcome(change: OutcomeChange): Promise<RecordedOutcome | undefined> {
      const { leadId, assessorId, outcome, action } = change;
      // Each action sets other columns: its own SQL text, so its own prepared statement.
      const result = await prepared(
        `call-${action}`,
        sql<RecordedOutcome>`
          with target as (
            select id, status, attempts, phone, name, owner_id, last_owner_id, assigned_at,
              callback_at, status_changed_at, next_call_at, next_call_reason, last_note
            from leads
            where id = ${leadId} and owner_id = ${assessorId} and erased_at is null
            for update
          ), checked as (
            -- Never a call to a number on a block list, however it reached the lead: two
            -- primary-key probes on the row already locked.
            select t.*, ${change.dials}::boolean
              and ${sql.raw(phoneIsBlocked(`coalesce(t.dialled, t.phone)`))} as dialled_blocked
            from (select *, ${change.dialledPhone}::text as dialled from target) t
          ), allowed as (
            select * from checked where ${startsFrom(action, sql.ref('status'))}
              and attempts = ${change.plannedOnAttempts} and not dialled_blocked
          ), attempt as (
            insert into lead_attempts
              (lead_id, assessor_id, outcome, channel, note, callback_at, lead_phone, lead_name,
                outside_window_reason, no_answer_kind, message_template_id)
            select id, ${assessorId}, ${outcome}, ${change.channel}, ${change.note},
              ${change.callbackAt}::timestamptz, coalesce(${change.dialledPhone}::text, phone),
              name, ${change.outsideWindowReason}::text,
              ${change.noAnswerKind}::text, ${change.messageTemplateId}::bigint
            from allowed
            returning id, created_at, lead_id, assessor_id, outcome, channel, note, callback_at,
              lead_phone, lead_name, outside_window_reason, no_answer_kind, message_template_id
          ), ${transitionSteps(action, {
            from: sql`allowed`,
            where: sql<SqlBool>`l.id = allowed.id`,
            before: { status: sql.ref('allowed.status'), ownerId: sql.ref('allowed.owner_id') },
            values: {
              outcome,
              caller: assessorId,
              callbackAt: change.callbackAt,
              nextCall: change.nextCall,
            },
            also: sql`last_note = coalesce(${change.note}::text, l.last_note)`,
            returning: sql`l.attempts`,
            by: assessorId,
            reason: change.reason,
          })}, marked_number as (
            update lead_phones n set state = ${change.markedPhone?.state ?? null}::text
            from allowed
            where n.lead_id = allowed.id and n.phone = ${change.markedPhone?.phone ?? null}::text
          ), undo as (
            -- The lead as it was, so "Desfazer" can put it back.
            insert into outcome_undo (assessor_id, attempt_id, lead_id, recorded_at, status,
              owner_id, last_owner_id, assigned_at, callback_at, status_changed_at, next_call_at,
              next_call_reason, last_note, blocked_phone, invalid_phone)
            select ${assessorId}, a.id, l.id, a.created_at, l.status, l.owner_id,
              l.last_owner_id, l.assigned_at, l.callback_at, l.status_changed_at, l.next_call_at,
              l.next_call_reason, l.last_note,
              (select phone from blocked where blocked.phone = l.phone),
              ${change.markedPhone?.phone ?? null}::text
            from allowed l join attempt a on true
          ), webhooks as (
            ${callWebhookDeliveries({ attempt: 'attempt', changed: 'changed' })}
          ), ${endCallSteps(assessorId)}
          select t.status as "currentStatus", t.attempts as "currentAttempts",
            t.dialled_blocked as "dialledBlocked",
            exists (select from available_opened) as "callEnded",
            a.lead_name as "leadName", a.no_answer_kind as "noAnswerKind",
            a.lead_phone as "leadPhone", a.id, a.created_at as "createdAt", a.lead_id as "leadId",
            a.assessor_id as "assessorId", u.name as "assessorName", a.outcome, a.channel, a.note,
            a.callback_at as "callbackAt", a.outside_window_reason as "outsideWindowReason",
            c.status as "leadStatus", c.attempts as "leadAttempts",
            -- Read only for a call that sent a template: the usual call reads nothing more.
            case when a.message_template_id is not null then
              (select name from message_templates where id = a.message_template_id)
            end as "messageTemplateName"
          from checked t
          left join attempt a on true
          left join changed c on true
          left join users u on u.id = a.assessor_id
        `,
      ).execute(db);
      return result.rows[0];
    },

    /**
     * What checking and planning a call on the owner's lead needs, in one statement: its attempt
     * count (the call is recorded only if it still holds), its hand-over, its phone and UF (whose
     * state's clock and day the window and the daily cap follow), its calls of the last 7 days
     * and since the hand-over, the contact rules and calling calendar stored, and whether the
     * message template it names (if any) may be sent. Undefined: not the owner's lead.
     */
    async callHistory(
      leadId: number,
      ownerId: string,
      messageTemplateId: number | null = null,
    ): Promise<CallHistory | undefined> {
      const result = await prepared(
        'call-history',
        sql<CallHistory>`
          select l.attempts, l.assigned_at as "assignedAt", l.phone, l.uf, l.city,
            ${sql.raw(leadPhonesJson('l.id'))} as phones,
            coalesce((
              select json_agg(json_build_object('at', a.created_at, 'outcome', a.outcome,
                'noAnswerKind', a.no_answer_kind))
              from lead_attempts a
              where a.lead_id = l.id
                and (a.created_at > now() - interval '7 days' or a.created_at >= l.assigned_at)
            ), '[]') as calls,
            (select value from app_settings where key = ${sql.lit(contactRulesSettingKey)}) as rules,
            (select value from app_settings where key = ${sql.lit(callingCalendarSettingKey)})
              as calendar,
            (${messageTemplateId}::bigint is null or exists (select from message_templates
              where id = ${messageTemplateId}::bigint and active)) as "templateUsable"
          from leads l
          where l.id = ${leadId} and l.owner_id = ${ownerId} and l.erased_at is null
        `,
      ).execute(db);
      return result.rows[0];
    },

    /** One page of calls, newest first: `id < after` keeps it an index range at any depth. */
    listPage(filter: AttemptFilter, after: number | undefined, limit: number) {
      return selectAttempts(filter, after).limit(limit).execute() as Promise<AttemptRow[]>;
    },

    /** The export rows, newest first, read by keyset in chunks so memory stays flat. */
    async *exportRows(filter: AttemptFilter, chunkSize = 2000) {
      // A report: the replica in step, when there is one, read from for the whole export.
      const source = reads();
      let after: number | undefined;
      for (;;) {
        const rows = (await selectAttempts(filter, after, source)
          .select([
            local.dateTimeText(sql`a.created_at`).as('createdAtText'),
            local.dateTimeText(sql`a.callback_at`).as('callbackAtText'),
          ])
          .limit(chunkSize)
          .execute()) as AttemptExportRow[];
        if (rows.length === 0) return;
        yield rows;
        if (rows.length < chunkSize) return;
        after = rows[rows.length - 1]?.id;
      }
    },
  };
}
export type AttemptRepository = ReturnType<typeof createAttemptRepository>;
