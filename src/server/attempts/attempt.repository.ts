import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { attemptFilterSchema } from '../../core/attempts.ts';
import {
  type AttemptOutcome,
  closedStatuses,
  type LeadStatus,
  workableStatuses,
} from '../../core/lead-status.ts';
import type { Channel } from '../../core/leads.ts';
import type { Database } from '../db/schema.ts';

const saoPaulo = 'America/Sao_Paulo';
const startOfToday = sql<Date>`((now() at time zone ${saoPaulo})::date::timestamp at time zone ${saoPaulo})`;

export type AttemptFilter = z.output<typeof attemptFilterSchema>;

export interface MyLeadRow {
  id: number;
  name: string;
  phone: string;
  email: string | null;
  city: string | null;
  uf: string | null;
  notes: string | null;
  extra: Record<string, string>;
  status: LeadStatus;
  attempts: number;
  assignedAt: Date | null;
  callbackAt: Date | null;
  rank: 0 | 1 | 2 | 3;
  lastNote: string | null;
  /** How many leads each rank holds in the whole list (the same on every row). */
  callbackDue: number;
  notAttended: number;
  retry: number;
  callbackLater: number;
}

export interface LockedLead {
  id: number;
  status: LeadStatus;
  phone: string | null;
  name: string | null;
}

export interface OutcomeChange {
  lead: LockedLead;
  assessorId: string;
  outcome: AttemptOutcome;
  channel: Channel;
  note: string | null;
  callbackAt: Date | null;
  /** The owner after the call: the assessor, or null when the lead leaves circulation. */
  ownerId: string | null;
  reason: string;
  block: boolean;
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
}

export interface AttemptExportRow extends AttemptRow {
  /** Already dd/mm/aaaa HH:mm in America/Sao_Paulo. */
  createdAtText: string;
  callbackAtText: string | null;
}

/** The condition of a filter on `lead_attempts a`, or `true`. */
function attemptCondition(filter: AttemptFilter): RawBuilder<SqlBool> {
  const conditions: RawBuilder<SqlBool>[] = [];
  if (filter.assessor) conditions.push(sql<SqlBool>`a.assessor_id = ${filter.assessor}`);
  if (filter.outcome) conditions.push(sql<SqlBool>`a.outcome = ${filter.outcome}`);
  if (filter.channel) conditions.push(sql<SqlBool>`a.channel = ${filter.channel}`);
  if (filter.from) {
    conditions.push(
      sql<SqlBool>`a.created_at >= (${filter.from}::date::timestamp at time zone ${saoPaulo})`,
    );
  }
  if (filter.to) {
    conditions.push(
      sql<SqlBool>`a.created_at < ((${filter.to}::date + 1)::timestamp at time zone ${saoPaulo})`,
    );
  }
  return conditions.length > 0 ? sql<SqlBool>`(${sql.join(conditions, sql` and `)})` : sql`true`;
}

const spDateTime = (column: RawBuilder<unknown>) =>
  sql<string>`to_char(${column} at time zone ${saoPaulo}, 'DD/MM/YYYY HH24:MI')`;

export function createAttemptRepository(db: Kysely<Database>) {
  const selectAttempts = (filter: AttemptFilter, after: number | undefined) =>
    db
      .selectFrom('lead_attempts as a')
      .innerJoin('leads as l', 'l.id', 'a.lead_id')
      .innerJoin('users as u', 'u.id', 'a.assessor_id')
      .select([
        'a.id',
        'a.created_at as createdAt',
        'a.lead_id as leadId',
        'l.name as leadName',
        'l.phone as leadPhone',
        'a.assessor_id as assessorId',
        'u.name as assessorName',
        'a.outcome',
        'a.channel',
        'a.note',
        'a.callback_at as callbackAt',
      ])
      .where(attemptCondition(filter))
      .$if(after !== undefined, (query) => query.where('a.id', '<', after as number))
      .orderBy('a.id', 'desc');

  return {
    /**
     * The first `limit` of the owner's workable leads, ranked: due call-backs, not attended,
     * retries, later call-backs. The ranking reads only the owner's index (it carries the
     * ordering columns) and keeps the top of the list; the table is read for the page alone.
     * Each row also carries how many leads every rank holds in the whole list.
     */
    async myLeads(ownerId: string, limit: number): Promise<MyLeadRow[]> {
      const result = await sql<MyLeadRow>`
        with queue as (
          select l.id, l.callback_at, l.assigned_at, l.attempts, l.status_changed_at,
            case
              when l.status = 'yellow' and l.callback_at <= now() then 0
              when l.status = 'assigned' then 1
              when l.status = 'no_answer' then 2
              else 3
            end as rank
          from leads l
          where l.owner_id = ${ownerId} and l.status = any(${[...workableStatuses]}::text[])
        ), sizes as (
          select count(*) filter (where rank = 0)::int as "callbackDue",
            count(*) filter (where rank = 1)::int as "notAttended",
            count(*) filter (where rank = 2)::int as retry,
            count(*) filter (where rank = 3)::int as "callbackLater"
          from queue
        ), page as (
          select id, rank,
            case when rank in (0, 3) then callback_at end as due_at,
            case when rank = 1 then assigned_at end as received_at,
            case when rank = 2 then attempts end as tries,
            case when rank = 2 then status_changed_at end as tried_at
          from queue
          order by rank, due_at, received_at, tries, tried_at, id
          limit ${limit}
        )
        select l.id, l.name, l.phone, l.email, l.city, l.uf, l.notes, l.extra, l.status,
          l.attempts, l.assigned_at as "assignedAt", l.callback_at as "callbackAt", p.rank,
          (select a.note from lead_attempts a
            where a.lead_id = l.id and a.note is not null
            order by a.id desc limit 1) as "lastNote",
          s.*
        from page p join leads l on l.id = p.id cross join sizes s
        order by p.rank, p.due_at, p.received_at, p.tries, p.tried_at, p.id
      `.execute(db);
      return result.rows;
    },

    /**
     * The leads the assessor received today (São Paulo) and how many have an outcome. Leads
     * they closed (invalid, do not call) left their list, so they are found by their calls.
     */
    async today(ownerId: string): Promise<{ received: number; attended: number }> {
      const result = await sql<{ received: number; attended: number }>`
        select count(*)::int as received,
          (count(*) filter (where status <> 'assigned'))::int as attended
        from (
          select l.id, l.status from leads l
          where l.owner_id = ${ownerId} and l.assigned_at >= ${startOfToday}
          union
          select l.id, l.status from lead_attempts a
          join leads l on l.id = a.lead_id
          where a.assessor_id = ${ownerId} and a.created_at >= ${startOfToday}
            and a.outcome = any(${[...closedStatuses]}::text[])
            and l.owner_id is null and l.last_owner_id = ${ownerId}
            and l.assigned_at >= ${startOfToday}
        ) received
      `.execute(db);
      return result.rows[0] ?? { received: 0, attended: 0 };
    },

    /** Runs the steps of one call in one transaction. */
    transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    /** Locks the lead if it is this owner's and its data was not erased; otherwise nothing. */
    lockOwnedLead(trx: Kysely<Database>, leadId: number, ownerId: string) {
      return trx
        .selectFrom('leads')
        .select(['id', 'status', 'phone', 'name'])
        .where('id', '=', leadId)
        .where('owner_id', '=', ownerId)
        .where('erased_at', 'is', null)
        .forUpdate()
        .executeTakeFirst() as Promise<LockedLead | undefined>;
    },

    /** The call, the lead's new state, its history row and the block list, in one statement. */
    async applyOutcome(trx: Kysely<Database>, change: OutcomeChange) {
      const { lead, assessorId, outcome, ownerId } = change;
      const lastOwner = ownerId === null ? sql`${assessorId}` : sql`last_owner_id`;
      const result = await sql<AttemptRow & { leadStatus: LeadStatus; leadAttempts: number }>`
        with attempt as (
          insert into lead_attempts (lead_id, assessor_id, outcome, channel, note, callback_at)
          values (${lead.id}, ${assessorId}, ${outcome}, ${change.channel}, ${change.note},
            ${change.callbackAt})
          returning id, created_at, lead_id, assessor_id, outcome, channel, note, callback_at
        ), changed as (
          update leads set
            status = ${outcome},
            attempts = attempts + 1,
            callback_at = ${change.callbackAt},
            owner_id = ${ownerId},
            last_owner_id = ${lastOwner},
            status_changed_at = case when status <> ${outcome} then now() else status_changed_at end,
            updated_at = now()
          where id = ${lead.id}
          returning status, attempts
        ), history as (
          insert into lead_history
            (lead_id, changed_by, from_status, to_status, from_owner_id, to_owner_id, reason)
          values (${lead.id}, ${assessorId}, ${lead.status}, ${outcome}, ${assessorId}, ${ownerId},
            ${change.reason})
        ), blocked as (
          insert into do_not_call (phone, reason, created_by)
          select ${lead.phone}::text, ${change.reason}, ${assessorId}
          where ${change.block} and ${lead.phone}::text is not null
          on conflict (phone) do nothing
        )
        select a.id, a.created_at as "createdAt", a.lead_id as "leadId",
          ${lead.name}::text as "leadName", ${lead.phone}::text as "leadPhone",
          a.assessor_id as "assessorId", u.name as "assessorName", a.outcome, a.channel, a.note,
          a.callback_at as "callbackAt", c.status as "leadStatus", c.attempts as "leadAttempts"
        from attempt a cross join changed c join users u on u.id = a.assessor_id
      `.execute(trx);
      const row = result.rows[0];
      if (!row) throw new Error('the call was not recorded');
      return row;
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
            spDateTime(sql`a.created_at`).as('createdAtText'),
            spDateTime(sql`a.callback_at`).as('callbackAtText'),
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
