import { type Kysely, type RawBuilder, sql } from 'kysely';
import { ownedStatuses } from '../../core/lead-status.ts';
import type { Database } from '../db/schema.ts';

/** One rule the stored data breaks: what it says and a few of the rows that break it. */
export interface InvariantViolation {
  rule: string;
  count: number;
  examples: unknown[];
}

interface Check {
  rule: string;
  /** The rows that break the rule; none when it holds. */
  offending: RawBuilder<Record<string, unknown>>;
}

const exampleCount = 5;

/**
 * What must be true of the stored data whatever happened to the servers writing it: every
 * write is one transaction, so a crash, a kill or an outage may lose a write that was not
 * answered, but never leave part of one. Each check is a query for the rows that break a rule,
 * so a failure names the rule and shows the rows.
 *
 * The rules take the history as the record of every change of status or owner, as the
 * application writes it; a test that inserts leads in another status than `new` should
 * insert them as the application would leave them (a `recycled` lead has its history row).
 */
function checks(): Check[] {
  const owned = [...ownedStatuses];
  return [
    {
      rule: 'a lead has an owner exactly when its status is one of an assessor’s list',
      offending: sql`
        select id, status, owner_id from leads
        where (owner_id is not null) <> (status = any(${owned}::text[]))
      `,
    },
    {
      rule: 'the status counters (lead_status_count_deltas) equal the leads counted by status',
      offending: sql`
        select coalesce(c.status, l.status) as status, coalesce(c.count, 0) as counted,
          coalesce(l.count, 0) as rows
        from (select status, sum(delta)::bigint as count from lead_status_count_deltas
              group by status) c
        full join (select status, count(*)::bigint as count from leads group by status) l
          on l.status = c.status
        where coalesce(c.count, 0) <> coalesce(l.count, 0)
      `,
    },
    {
      rule: 'the daily call counts (attempt_daily_count_deltas) equal the calls counted by day, assessor and outcome',
      offending: sql`
        with counted as (
          select day, assessor_id, outcome, sum(attempts)::bigint as attempts
          from attempt_daily_count_deltas group by day, assessor_id, outcome
        ), rows as (
          select (created_at at time zone dashboard_time_zone())::date as day, assessor_id,
            outcome, count(*)::bigint as attempts
          from lead_attempts group by 1, 2, 3
        )
        select coalesce(c.day, r.day) as day, coalesce(c.assessor_id, r.assessor_id) as assessor_id,
          coalesce(c.outcome, r.outcome) as outcome, coalesce(c.attempts, 0) as counted,
          coalesce(r.attempts, 0) as rows
        from counted c
        full join rows r
          on r.day = c.day and r.assessor_id = c.assessor_id and r.outcome = c.outcome
        where coalesce(c.attempts, 0) <> coalesce(r.attempts, 0)
      `,
    },
    {
      rule: 'the chart’s call totals (attempt_daily_total_deltas) equal the calls counted by day and outcome',
      offending: sql`
        with counted as (
          select day, outcome, sum(attempts)::bigint as attempts
          from attempt_daily_total_deltas group by day, outcome
        ), rows as (
          select (created_at at time zone dashboard_time_zone())::date as day, outcome,
            count(*)::bigint as attempts
          from lead_attempts group by 1, 2
        )
        select coalesce(c.day, r.day) as day, coalesce(c.outcome, r.outcome) as outcome,
          coalesce(c.attempts, 0) as counted, coalesce(r.attempts, 0) as rows
        from counted c full join rows r on r.day = c.day and r.outcome = c.outcome
        where coalesce(c.attempts, 0) <> coalesce(r.attempts, 0)
      `,
    },
    {
      rule: 'the calls by hour (attempt_hourly_count_deltas) equal the calls counted by day, hour and assessor',
      offending: sql`
        with counted as (
          select day, hour, assessor_id, sum(attempts)::bigint as attempts
          from attempt_hourly_count_deltas group by 1, 2, 3
        ), rows as (
          select (created_at at time zone dashboard_time_zone())::date as day,
            date_part('hour', created_at at time zone dashboard_time_zone())::smallint as hour,
            assessor_id, count(*)::bigint as attempts
          from lead_attempts group by 1, 2, 3
        )
        select coalesce(c.day, r.day) as day, coalesce(c.hour, r.hour) as hour,
          coalesce(c.assessor_id, r.assessor_id) as assessor_id,
          coalesce(c.attempts, 0) as counted, coalesce(r.attempts, 0) as rows
        from counted c
        full join rows r on r.day = c.day and r.hour = c.hour and r.assessor_id = c.assessor_id
        where coalesce(c.attempts, 0) <> coalesce(r.attempts, 0)
      `,
    },
    {
      rule: 'the calls by hour of the whole centre (attempt_hourly_total_deltas) equal the calls by hour of its assessors',
      offending: sql`
        with counted as (
          select day, hour, sum(attempts)::bigint as attempts
          from attempt_hourly_total_deltas group by 1, 2
        ), assessors as (
          select day, hour, sum(attempts)::bigint as attempts
          from attempt_hourly_count_deltas group by 1, 2
        )
        select coalesce(c.day, a.day) as day, coalesce(c.hour, a.hour) as hour,
          coalesce(c.attempts, 0) as counted, coalesce(a.attempts, 0) as assessors
        from counted c full join assessors a on a.day = c.day and a.hour = c.hour
        where coalesce(c.attempts, 0) <> coalesce(a.attempts, 0)
      `,
    },
    {
      rule: 'the state times (agent_state_daily_deltas) equal the closed spans of the log cut at the days',
      offending: sql`
        with counted as (
          select day, user_id, state, coalesce(pause_reason_id, -1) as reason,
            sum(microseconds)::bigint as microseconds, sum(spans)::bigint as spans,
            sum(span_microseconds)::bigint as span_microseconds
          from agent_state_daily_deltas group by 1, 2, 3, 4
        ), rows as (
          select p.day, l.user_id, l.state, coalesce(l.pause_reason_id, -1) as reason,
            sum(p.microseconds)::bigint as microseconds, sum(p.spans)::bigint as spans,
            sum(p.span_microseconds)::bigint as span_microseconds
          from agent_state_log l
          cross join lateral agent_state_day_pieces(l.started_at, l.ended_at,
            dashboard_time_zone()) p
          where l.ended_at is not null and l.state <> 'disconnected'
          group by 1, 2, 3, 4
        )
        select coalesce(c.day, r.day) as day, coalesce(c.user_id, r.user_id) as user_id,
          coalesce(c.state, r.state) as state, coalesce(c.reason, r.reason) as reason,
          c.microseconds as counted, r.microseconds as rows, c.spans as "countedSpans",
          r.spans as "rowSpans"
        from counted c
        full join rows r on r.day = c.day and r.user_id = c.user_id and r.state = c.state
          and r.reason = c.reason
        where coalesce(c.microseconds, 0) <> coalesce(r.microseconds, 0)
          or coalesce(c.spans, 0) <> coalesce(r.spans, 0)
          or coalesce(c.span_microseconds, 0) <> coalesce(r.span_microseconds, 0)
      `,
    },
    {
      rule: 'a lead’s call counter (leads.attempts) equals its calls',
      offending: sql`
        select l.id, l.attempts, count(a.id)::int as calls
        from leads l left join lead_attempts a on a.lead_id = l.id
        group by l.id
        having l.attempts <> count(a.id)
      `,
    },
    {
      rule: 'a lead’s recycle counter (leads.recycles) equals its history rows into recycled',
      offending: sql`
        select l.id, l.recycles, count(h.id)::int as recycled
        from leads l left join lead_history h on h.lead_id = l.id and h.to_status = 'recycled'
        group by l.id
        having l.recycles <> count(h.id)
      `,
    },
    {
      rule: 'the last history row of a lead names its current status and owner',
      offending: sql`
        select l.id, l.status, l.owner_id, h.to_status, h.to_owner_id
        from leads l
        join lateral (
          select to_status, to_owner_id from lead_history
          where lead_id = l.id order by id desc limit 1
        ) h on true
        where h.to_status <> l.status or h.to_owner_id is distinct from l.owner_id
      `,
    },
    {
      rule: 'the name search table (lead_names) holds exactly the named leads’ names',
      offending: sql`
        select coalesce(l.id, n.lead_id) as id, l.name as lead_name, n.search_name
        from (select id, name from leads where name is not null) l
        full join lead_names n on n.lead_id = l.id
        where l.id is null or n.lead_id is null or cca_search_text(l.name) <> n.search_name
      `,
    },
    {
      rule: 'a distribution is whole: its answer stored, its count equal to its shares and to its history rows',
      offending: sql`
        select d.id, d.assigned, d.result is null as unfinished,
          (d.result ->> 'assigned')::int as answered,
          (select coalesce(sum(s.assigned), 0)::int from distribution_shares s
            where s.distribution_id = d.id) as shares,
          (select count(*)::int from lead_history h
            where h.reason = 'Distribuição #' || d.id) as history
        from distributions d
        where d.result is null
          or (d.result ->> 'assigned')::int is distinct from d.assigned
          or d.assigned <> (select coalesce(sum(s.assigned), 0) from distribution_shares s
            where s.distribution_id = d.id)
          or d.assigned <> (select count(*) from lead_history h
            where h.reason = 'Distribuição #' || d.id)
      `,
    },
    {
      rule: 'a finished import counts its rows, its leads and its rejections; an unfinished one has none',
      offending: sql`
        select b.id, b.status, b.total_rows, b.inserted, b.updated, b.duplicates, b.blocked,
          b.rejected, l.leads, r.rejections
        from import_batches b
        cross join lateral (select count(*)::int as leads from leads where batch_id = b.id) l
        cross join lateral (
          select count(*)::int as rejections from import_rejections where batch_id = b.id
        ) r
        where case b.status
          when 'done' then b.total_rows is distinct from
              b.inserted + b.updated + b.duplicates + b.blocked + b.rejected
            or b.processed_rows is distinct from b.total_rows
            or b.inserted <> l.leads or b.rejected <> r.rejections
          when 'undone' then l.leads <> 0
          else l.leads <> 0 or r.rejections <> 0
        end
      `,
    },
  ];
}

/** Every rule the stored data breaks; an empty list when all hold. */
export async function invariantViolations(db: Kysely<Database>): Promise<InvariantViolation[]> {
  const violations: InvariantViolation[] = [];
  for (const check of checks()) {
    const result = await sql<{ count: number; examples: unknown[] | null }>`
      with offending as (${check.offending})
      select count(*)::int as count,
        (select json_agg(o) from (select * from offending limit ${exampleCount}) o) as examples
      from offending
    `.execute(db);
    const row = result.rows[0];
    if (row && row.count > 0) {
      violations.push({ rule: check.rule, count: row.count, examples: row.examples ?? [] });
    }
  }
  return violations;
}

/** Leads per status, counted from the rows. */
export async function leadStatusCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const result = await sql<{ status: string; count: number }>`
    select status, count(*)::int as count from leads group by status order by status
  `.execute(db);
  return Object.fromEntries(result.rows.map((row) => [row.status, row.count]));
}
