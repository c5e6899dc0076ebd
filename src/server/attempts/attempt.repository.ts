import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import { type attemptFilterSchema, myLeadGroups } from '../../core/attempts.ts';
import {
  type AttemptOutcome,
  answeredOutcomes,
  closedStatuses,
  type LeadStatus,
} from '../../core/lead-status.ts';
import type { Channel } from '../../core/leads.ts';
import { prepared } from '../db/database.ts';
import { type LocalTime, localTime } from '../db/local-time.ts';
import type { Database } from '../db/schema.ts';
import { startsFrom, transitionSet } from '../lead-transitions/lead-transition.sql.ts';

/** Statuses as SQL literals: a partial index serves only a literal predicate. */
const literals = (statuses: readonly LeadStatus[]) =>
  sql.join(statuses.map((status) => sql.lit(status)));

export type AttemptFilter = z.output<typeof attemptFilterSchema>;

export interface OutcomeChange {
  leadId: number;
  assessorId: string;
  outcome: AttemptOutcome;
  channel: Channel;
  note: string | null;
  callbackAt: Date | null;
  outsideWindowReason: string | null;
  reason: string;
  block: boolean;
}

/** The lead's status when it was locked and, when the call was recorded, the call and the lead after it. */
export type RecordedOutcome =
  | ({ currentStatus: LeadStatus } & AttemptRow & { leadStatus: LeadStatus; leadAttempts: number })
  | ({ currentStatus: LeadStatus } & { [Column in keyof AttemptRow]: null } & {
      leadStatus: null;
      leadAttempts: null;
    });

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
  if (filter.outcome) conditions.push(sql<SqlBool>`a.outcome = ${filter.outcome}`);
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
const jsonInstant = (column: RawBuilder<unknown>) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `timeZone`: the call centre's (TIME_ZONE), for its "today" and the times it reads. */
export function createAttemptRepository(db: Kysely<Database>, timeZone: string) {
  const local = localTime(timeZone);
  // Midnight as a literal of the SQL text: a prepared statement's generic plan then estimates
  // "since midnight" as well as a one-off plan does, and PostgreSQL plans it once.
  const { startOfToday } = local;
  const selectAttempts = (filter: AttemptFilter, after: number | undefined) =>
    db
      .selectFrom('lead_attempts as a')
      .innerJoin('users as u', 'u.id', 'a.assessor_id')
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
      ])
      .where(attemptCondition(filter, local))
      .$if(after !== undefined, (query) => query.where('a.id', '<', after as number))
      .orderBy('a.id', 'desc');

  return {
    /**
     * The owner's list as the JSON text of `MyLeads`: the first `limit` of their workable
     * leads, ranked (due call-backs, not attended, retries, later call-backs), with how many
     * leads each rank holds in the whole list and the day's progress. Each rank is read from
     * its own index in its own order and stops at `limit`, so the page costs the page whatever
     * the list's length; the sizes are counted from the same indexes, which is all of the list
     * this statement reads. The workable statuses are spelled out because a partial index
     * serves only a literal predicate. PostgreSQL writes the JSON, so the server passes it on
     * without reading rows, dates or objects. One statement, planned once per connection:
     * every open page asks for it again after each change it is told about.
     */
    async myLeadsJson(ownerId: string, limit: number): Promise<string> {
      const result = await prepared(
        'my-leads',
        sql<{ body: string }>`
          with page as (
            (select id, 0 as rank, callback_at as due_at, null::timestamptz as received_at,
                null::int as tries, null::timestamptz as tried_at
              from leads where owner_id = ${ownerId} and status = 'yellow' and callback_at <= now()
              order by callback_at, id limit ${limit})
            union all
            (select id, 1, null, assigned_at, null, null
              from leads where owner_id = ${ownerId} and status = 'assigned'
              order by assigned_at, id limit ${limit})
            union all
            (select id, 2, null, null, attempts, status_changed_at
              from leads where owner_id = ${ownerId} and status = 'no_answer'
              order by attempts, status_changed_at, id limit ${limit})
            union all
            (select id, 3, callback_at, null, null, null
              from leads where owner_id = ${ownerId} and status = 'yellow' and callback_at > now()
              order by callback_at, id limit ${limit})
            order by rank, due_at, received_at, tries, tried_at, id
            limit ${limit}
          ), received as (
            -- The leads received today, from the index alone; the ones closed today (invalid,
            -- do not call) left the list, so they are found by their calls.
            select count(*) as leads, count(*) filter (where status <> 'assigned') as worked,
              count(*) filter (where status in (${literals(answeredOutcomes)})) as answered
            from leads where owner_id = ${ownerId} and assigned_at >= ${startOfToday}
          ), closed as (
            select count(distinct l.id) as leads,
              count(distinct l.id) filter (where a.outcome in (${literals(answeredOutcomes)}))
                as answered
            from lead_attempts a
            join leads l on l.id = a.lead_id
            where a.assessor_id = ${ownerId} and a.created_at >= ${startOfToday}
              and a.outcome in (${literals(closedStatuses)})
              and l.owner_id is null and l.last_owner_id = ${ownerId}
              and l.assigned_at >= ${startOfToday}
          )
          select json_build_object(
            'leads', coalesce((
              -- A plain aggregate over a sorted subquery takes its rows in that order; json_agg
              -- of whole rows writes their columns faster than json_build_object does.
              select json_agg(lead) from (
                select l.id, l.name, l.phone, l.email, l.city, l.uf, l.notes, l.extra, l.status,
                  l.attempts, ${jsonInstant(sql`l.assigned_at`)} as "assignedAt",
                  ${jsonInstant(sql`l.callback_at`)} as "callbackAt",
                  (${sql.lit(`{${myLeadGroups.join(',')}}`)}::text[])[p.rank + 1] as "group",
                  l.last_note as "lastNote"
                from page p join leads l on l.id = p.id
                order by p.rank, p.due_at, p.received_at, p.tries, p.tried_at, p.id
              ) lead
            ), '[]'),
            'groups', json_build_object(
              'callbackDue', (select count(*) from leads where owner_id = ${ownerId}
                and status = 'yellow' and callback_at <= now()),
              'notAttended', (select count(*) from leads
                where owner_id = ${ownerId} and status = 'assigned'),
              'retry', (select count(*) from leads
                where owner_id = ${ownerId} and status = 'no_answer'),
              'callbackLater', (select count(*) from leads where owner_id = ${ownerId}
                and status = 'yellow' and callback_at > now())
            ),
            'today', (select json_build_object(
                'received', r.leads + c.leads, 'worked', r.worked + c.leads,
                'answered', r.answered + c.answered)
              from received r, closed c)
          )::text as body
        `,
      ).execute(db);
      return (result.rows[0] as { body: string }).body;
    },

    /**
     * Records a call by the lead's owner in one statement, planned once per connection: it
     * locks the lead if it is this owner's and not erased, and only when its status still lets
     * it be worked (checked on the locked row, so a double submit records one transition)
     * writes the call, the lead's new state, its history row, the block list entry and the
     * event for open pages. The call keeps the phone and the name it dialled, taken from the
     * locked row: the lead may be corrected or handed on later, the call stays as it was. No
     * row: not the owner's lead. A row without a call: the status did not allow it.
     */
    async recordOutcome(change: OutcomeChange): Promise<RecordedOutcome | undefined> {
      const { leadId, assessorId, outcome } = change;
      // "Retornar" is its own action (it keeps a call-back time); the SQL differs, so does the name.
      const action = outcome === 'yellow' ? 'scheduleCallback' : 'recordOutcome';
      const result = await prepared(
        action === 'scheduleCallback' ? 'schedule-callback' : 'record-outcome',
        sql<RecordedOutcome>`
          with target as (
            select id, status, phone, name, owner_id, last_owner_id, callback_at,
              status_changed_at, last_note
            from leads
            where id = ${leadId} and owner_id = ${assessorId} and erased_at is null
            for update
          ), allowed as (
            select * from target where ${startsFrom(action, sql.ref('status'))}
          ), attempt as (
            insert into lead_attempts
              (lead_id, assessor_id, outcome, channel, note, callback_at, lead_phone, lead_name,
                outside_window_reason)
            select id, ${assessorId}, ${outcome}, ${change.channel}, ${change.note},
              ${change.callbackAt}::timestamptz, phone, name, ${change.outsideWindowReason}::text
            from allowed
            returning id, created_at, lead_id, assessor_id, outcome, channel, note, callback_at,
              lead_phone, lead_name, outside_window_reason
          ), changed as (
            update leads l set ${transitionSet(
              action,
              { outcome, caller: assessorId, callbackAt: change.callbackAt },
              sql`last_note = coalesce(${change.note}::text, l.last_note)`,
            )}
            from allowed where l.id = allowed.id
            returning l.id, l.status, l.attempts, l.owner_id
          ), history as (
            insert into lead_history
              (lead_id, changed_by, from_status, to_status, from_owner_id, to_owner_id, reason)
            select a.id, ${assessorId}, a.status, c.status, ${assessorId}, c.owner_id,
              ${change.reason}
            from allowed a join changed c on c.id = a.id
          ), blocked as (
            insert into do_not_call (phone, reason, created_by)
            select phone, ${change.reason}, ${assessorId} from allowed
            where ${change.block} and phone is not null
            on conflict (phone) do nothing
            returning phone
          ), undo as (
            -- The lead as it was, so "Desfazer" can put it back.
            insert into outcome_undo (assessor_id, attempt_id, lead_id, recorded_at, status,
              owner_id, last_owner_id, callback_at, status_changed_at, last_note, blocked_phone)
            select ${assessorId}, a.id, l.id, a.created_at, l.status, l.owner_id,
              l.last_owner_id, l.callback_at, l.status_changed_at, l.last_note,
              (select phone from blocked)
            from allowed l join attempt a on true
          )
          select t.status as "currentStatus", a.lead_name as "leadName",
            a.lead_phone as "leadPhone", a.id, a.created_at as "createdAt", a.lead_id as "leadId",
            a.assessor_id as "assessorId", u.name as "assessorName", a.outcome, a.channel, a.note,
            a.callback_at as "callbackAt", a.outside_window_reason as "outsideWindowReason",
            c.status as "leadStatus", c.attempts as "leadAttempts"
          from target t
          left join attempt a on true
          left join changed c on true
          left join users u on u.id = a.assessor_id
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
      let after: number | undefined;
      for (;;) {
        const rows = (await selectAttempts(filter, after)
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
