import { type Kysely, sql } from 'kysely';
import type { AttemptOutcome } from '../../core/lead-status.ts';
import type { Database } from '../db/schema.ts';
import type { AssessorScope } from '../teams/index.ts';
import { scopeIds } from '../teams/index.ts';

/** The instants a report's period and the one before it start and end. */
export interface ReportBounds {
  previousStart: Date;
  start: Date;
  end: Date;
}

export interface ReportAssessor {
  id: string;
  name: string;
  active: boolean;
  teamId: number | null;
  teamName: string | null;
}

/** Which period a figure belongs to. */
export type ReportPeriod = 'current' | 'previous';

export interface OutcomeCountRow {
  period: ReportPeriod;
  assessorId: string;
  outcome: AttemptOutcome;
  calls: number;
}

export interface StateSecondsRow {
  period: ReportPeriod;
  userId: string;
  state: 'available' | 'on_call' | 'paused';
  pauseReasonId: number | null;
  pauseReason: string | null;
  seconds: number;
  /** The on_call spans that started in the period (the average handling time's divisor). */
  startedSpans: number;
  /** Their whole length, an open one until now. */
  startedSeconds: number;
}

/** A `user_id IN (…)` narrowing, or nothing for the whole centre. */
function scopeFilter(column: string, scope: AssessorScope) {
  if (scope === 'all') return sql`true`;
  return sql`${sql.ref(column)} in (${sql.join(scopeIds(scope))})`;
}

/**
 * The performance reports' reads (docs/decisions/041): the calls by day from the daily deltas,
 * the states from their log by the `(user_id, started_at)` index, the calls by hour from the
 * calls' time index.
 */
export function createReportsRepository(reads: () => Kysely<Database>) {
  return {
    /** The periods' instants: `from` and `to` are days in `timeZone`, both included. */
    async bounds(previousFrom: string, from: string, to: string, timeZone: string) {
      const result = await sql<ReportBounds>`
        select ${previousFrom}::date::timestamp at time zone ${timeZone} as "previousStart",
          ${from}::date::timestamp at time zone ${timeZone} as start,
          (${to}::date + 1)::timestamp at time zone ${timeZone} as end
      `.execute(reads());
      const row = result.rows[0];
      if (!row) throw new Error('no report bounds');
      return row;
    },

    /** Assessors in the scope, with their team; inactive ones too (the service keeps those with figures). */
    async assessors(scope: AssessorScope): Promise<ReportAssessor[]> {
      const result = await sql<ReportAssessor>`
        select u.id, u.name, u.active, u.team_id as "teamId", t.name as "teamName"
        from users u left join teams t on t.id = u.team_id
        where u.role = 'assessor' and ${scopeFilter('u.id', scope)}
        order by u.name, u.id
      `.execute(reads());
      return result.rows;
    },

    /** Calls per assessor and outcome in each period, summed from the daily deltas. */
    async outcomeCounts(
      previousFrom: string,
      from: string,
      to: string,
      scope: AssessorScope,
    ): Promise<OutcomeCountRow[]> {
      const result = await sql<OutcomeCountRow>`
        select case when day >= ${from}::date then 'current' else 'previous' end as period,
          assessor_id as "assessorId", outcome, sum(attempts)::int as calls
        from attempt_daily_count_deltas
        where day between ${previousFrom}::date and ${to}::date
          and ${scopeFilter('assessor_id', scope)}
        group by 1, 2, 3
        having sum(attempts) <> 0
      `.execute(reads());
      return result.rows;
    },

    /**
     * Seconds in each state (but disconnected) per assessor and pause reason, clipped to each
     * period. The log is read from the first instant on by its `(user_id, started_at)` index,
     * plus each assessor's state open at that instant (the last one started before it).
     */
    async stateSeconds(
      bounds: ReportBounds,
      now: Date,
      scope: AssessorScope,
    ): Promise<StateSecondsRow[]> {
      const result = await sql<StateSecondsRow>`
        with people as (
          select id from users where role = 'assessor' and ${scopeFilter('id', scope)}
        ),
        spans as (
          select l.user_id, l.state, l.pause_reason_id, l.started_at,
            least(coalesce(l.ended_at, ${now}::timestamptz), ${now}::timestamptz) as ended_at
          from people p
          join agent_state_log l on l.user_id = p.id
          where l.started_at >= ${bounds.previousStart} and l.started_at < ${bounds.end}
            and l.state <> 'disconnected'
          union all
          select b.user_id, b.state, b.pause_reason_id, b.started_at,
            least(coalesce(b.ended_at, ${now}::timestamptz), ${now}::timestamptz)
          from people p
          cross join lateral (
            select l.user_id, l.state, l.pause_reason_id, l.started_at, l.ended_at
            from agent_state_log l
            where l.user_id = p.id and l.started_at < ${bounds.previousStart}
            -- Both columns, so that it is the (user_id, started_at) index read backwards, never
            -- the times' index walked back through every other assessor's past.
            order by l.user_id desc, l.started_at desc limit 1
          ) b
          where b.state <> 'disconnected'
            and (b.ended_at is null or b.ended_at > ${bounds.previousStart})
        ),
        clipped as (
          select user_id, state, pause_reason_id, started_at, ended_at,
            greatest(0, date_part('epoch', least(ended_at, ${bounds.start}::timestamptz)
              - greatest(started_at, ${bounds.previousStart}::timestamptz))) as previous,
            greatest(0, date_part('epoch', least(ended_at, ${bounds.end}::timestamptz)
              - greatest(started_at, ${bounds.start}::timestamptz))) as current,
            date_part('epoch', ended_at - started_at) as whole
          from spans
        ),
        -- One pass, hashed by assessor and state: a join to the two periods sorted every row.
        sums as (
          select user_id, state, pause_reason_id,
            round(sum(previous))::int as previous,
            round(sum(current))::int as current,
            count(*) filter (where started_at >= ${bounds.previousStart}
              and started_at < ${bounds.start})::int as previous_spans,
            round(coalesce(sum(whole) filter (where started_at >= ${bounds.previousStart}
              and started_at < ${bounds.start}), 0))::int as previous_whole,
            count(*) filter (where started_at >= ${bounds.start})::int as current_spans,
            round(coalesce(sum(whole) filter (where started_at >= ${bounds.start}), 0))::int
              as current_whole
          from clipped
          group by user_id, state, pause_reason_id
        )
        select x.period, s.user_id as "userId", s.state, s.pause_reason_id as "pauseReasonId",
          r.name as "pauseReason", x.seconds, x.spans as "startedSpans",
          x.whole as "startedSeconds"
        from sums s
        cross join lateral (
          values ('previous', s.previous, s.previous_spans, s.previous_whole),
            ('current', s.current, s.current_spans, s.current_whole)
        ) x (period, seconds, spans, whole)
        left join pause_reasons r on r.id = s.pause_reason_id
        where x.seconds > 0 or x.spans > 0
      `.execute(reads());
      return result.rows;
    },

    /** The period's calls by hour of the call centre's day (read by the calls' time index). */
    async callsByHour(bounds: ReportBounds, timeZone: string, scope: AssessorScope) {
      const result = await sql<{ hour: number; calls: number }>`
        select date_part('hour', created_at at time zone ${timeZone})::int as hour,
          count(*)::int as calls
        from lead_attempts
        where created_at >= ${bounds.start} and created_at < ${bounds.end}
          and ${scopeFilter('assessor_id', scope)}
        group by 1
      `.execute(reads());
      return result.rows;
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
