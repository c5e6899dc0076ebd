import { type Kysely, type RawBuilder, sql } from 'kysely';
import { myLeadGroups } from '../../core/attempts.ts';
import { answeredOutcomes, closedStatuses, type LeadStatus } from '../../core/lead-status.ts';
import {
  acceptedOutcomeKey,
  callAgainOutcomeKeys,
  callbackOutcomeKey,
} from '../../core/outcomes.ts';
import { prepared } from '../db/database.ts';
import { leadPhonesJson } from '../db/lead-phones.sql.ts';
import { localTime } from '../db/local-time.ts';
import type { Database } from '../db/schema.ts';

/** Statuses as SQL literals: a partial index serves only a literal predicate. */
const literals = (statuses: readonly LeadStatus[]) =>
  sql.join(statuses.map((status) => sql.lit(status)));

const unionAll = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` union all `);
const sum = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` + `);

/**
 * The list's parts by status (src/core/outcomes.ts): the call-backs, the outcomes retried after
 * an interval ("Não atendeu"), the leads not attended yet.
 */
const callback = sql.lit(callbackOutcomeKey);
const retried = callAgainOutcomeKeys
  .filter((status) => status !== callbackOutcomeKey)
  .map((status) => sql.lit(status));

/** An instant as JSON writes it in JavaScript (`Date.prototype.toJSON`): UTC, milliseconds. */
const jsonInstant = (column: RawBuilder<unknown>) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `timeZone`: the call centre's (TIME_ZONE), for its "today". */
export function createMyLeadsRepository(db: Kysely<Database>, timeZone: string) {
  // Midnight as a literal of the SQL text: a prepared statement's generic plan then estimates
  // "since midnight" as well as a one-off plan does, and PostgreSQL plans it once.
  const { startOfToday } = localTime(timeZone);
  return {
    /**
     * The owner's list as the JSON text of `MyLeads`: the first `limit` of their workable
     * leads, ranked (call-backs due, retries due, not attended, then the ones waiting for their
     * next call by its time), with how many leads each rank holds in the whole list and the
     * day's progress. Each rank is read from its own index in its own order and stops at
     * `limit`, so the page costs the page whatever the list's length; the sizes are counted
     * from the same indexes, which is all of the list this statement reads. The workable
     * statuses are spelled out because a partial index serves only a literal predicate.
     * PostgreSQL writes the JSON, so the server passes it on without reading rows, dates or
     * objects. One statement, planned once per connection: every open page asks for it again
     * after each change it is told about.
     */
    async myLeadsJson(ownerId: string, limit: number): Promise<string> {
      /** The leads of one workable status that may (`<=`) or may not yet (`>`) be called. */
      const count = (status: RawBuilder<unknown>, comparison: RawBuilder<unknown>) =>
        sql`(select count(*) from leads where owner_id = ${ownerId}
          and status = ${status} and next_call_at ${comparison} now())`;
      const result = await prepared(
        'my-leads',
        sql<{ body: string }>`
          with page as (
            (select id, 0 as rank, next_call_at as at
              from leads where owner_id = ${ownerId} and status = ${callback}
                and next_call_at <= now()
              order by next_call_at, id limit ${limit})
            union all
            (select id, 1, at from (${unionAll(
              retried.map(
                (status) => sql`(select id, next_call_at as at
                  from leads where owner_id = ${ownerId} and status = ${status}
                    and next_call_at <= now()
                  order by next_call_at, id limit ${limit})`,
              ),
            )}) retries order by at, id limit ${limit})
            union all
            (select id, 2, assigned_at
              from leads where owner_id = ${ownerId} and status = 'assigned'
                and next_call_at <= now()
              order by assigned_at, id limit ${limit})
            union all
            (select id, 3, at from (${unionAll(
              [callback, ...retried, sql.lit('assigned')].map(
                (status) => sql`(select id, next_call_at as at from leads
                  where owner_id = ${ownerId} and status = ${status} and next_call_at > now()
                  order by next_call_at, id limit ${limit})`,
              ),
            )}) waiting order by at, id limit ${limit})
            order by rank, at, id
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
          ), calls as (
            -- Every call of the day on any lead, from the assessor's index by time.
            select count(*) as calls,
              count(*) filter (where outcome in (${literals(answeredOutcomes)})) as contacts,
              count(*) filter (where outcome = ${sql.lit(acceptedOutcomeKey)}) as accepts
            from lead_attempts
            where assessor_id = ${ownerId} and created_at >= ${startOfToday}
          )
          select json_build_object(
            'leads', coalesce((
              -- A plain aggregate over a sorted subquery takes its rows in that order; json_agg
              -- of whole rows writes their columns faster than json_build_object does.
              select json_agg(lead) from (
                select l.id, l.name, l.phone, l.email, l.city, l.uf, l.notes, l.extra, l.status,
                  l.attempts, ${jsonInstant(sql`l.assigned_at`)} as "assignedAt",
                  ${jsonInstant(sql`l.callback_at`)} as "callbackAt",
                  case when p.rank = 3 then ${jsonInstant(sql`l.next_call_at`)} end
                    as "nextCallAt",
                  case when p.rank = 3 then l.next_call_reason end as "nextCallReason",
                  (${sql.lit(`{${myLeadGroups.join(',')}}`)}::text[])[p.rank + 1] as "group",
                  l.last_note as "lastNote", ${sql.raw(leadPhonesJson('l.id'))} as phones
                from page p join leads l on l.id = p.id
                order by p.rank, p.at, p.id
              ) lead
            ), '[]'),
            'groups', json_build_object(
              'callbackDue', ${count(callback, sql`<=`)},
              'retry', ${sum(retried.map((status) => count(status, sql`<=`)))},
              'notAttended', ${count(sql.lit('assigned'), sql`<=`)},
              'waiting', ${sum(
                [callback, ...retried, sql.lit('assigned')].map((status) => count(status, sql`>`)),
              )}
            ),
            'today', (select json_build_object(
                'received', r.leads + c.leads, 'worked', r.worked + c.leads,
                'answered', r.answered + c.answered,
                'calls', d.calls, 'contacts', d.contacts, 'accepts', d.accepts,
                'timeZone', ${sql.lit(timeZone)})
              from received r, closed c, calls d)
          )::text as body
        `,
      ).execute(db);
      return (result.rows[0] as { body: string }).body;
    },
  };
}
export type MyLeadsRepository = ReturnType<typeof createMyLeadsRepository>;
