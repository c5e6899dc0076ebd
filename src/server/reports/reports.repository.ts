import { type Kysely, sql } from 'kysely';
import type { AttemptOutcome } from '../../core/lead-status.ts';
import type { Database } from '../db/schema.ts';
import type { AssessorScope } from '../teams/index.ts';
import { scopeIds } from '../teams/index.ts';

/** The days of a report's period and the one before it, and the instants they start and end. */
export interface ReportBounds {
  previousFrom: string;
  from: string;
  to: string;
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
 * the states and the calls by hour from the summaries of migration 0037, so a report reads
 * rows per assessor and day, not per call or state (bench/notes/reports-at-scale.md).
 */
export function createReportsRepository(reads: () => Kysely<Database>) {
  return {
    /** The periods' instants: `from` and `to` are days in `timeZone`, both included. */
    async bounds(previousFrom: string, from: string, to: string, timeZone: string) {
      const result = await sql<Omit<ReportBounds, 'previousFrom' | 'from' | 'to'>>`
        select ${previousFrom}::date::timestamp at time zone ${timeZone} as "previousStart",
          ${from}::date::timestamp at time zone ${timeZone} as start,
          (${to}::date + 1)::timestamp at time zone ${timeZone} as end
      `.execute(reads());
      const row = result.rows[0];
      if (!row) throw new Error('no report bounds');
      return { previousFrom, from, to, ...row };
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

    /**
     * Calls per assessor and outcome in each period, summed from the daily deltas: one pass
     * that sums both periods of a key side by side, in int (bench/notes/reports-at-scale.md).
     */
    async outcomeCounts(
      previousFrom: string,
      from: string,
      to: string,
      scope: AssessorScope,
    ): Promise<OutcomeCountRow[]> {
      const result = await sql<OutcomeCountRow>`
        select p.period, c.assessor_id as "assessorId", c.outcome, p.calls
        from (
          select assessor_id, outcome,
            sum(attempts::int) filter (where day >= ${from}::date) as current,
            sum(attempts::int) filter (where day < ${from}::date) as previous
          from attempt_daily_count_deltas
          where day between ${previousFrom}::date and ${to}::date
            and ${scopeFilter('assessor_id', scope)}
          group by assessor_id, outcome
        ) c
        cross join lateral (values ('current', c.current), ('previous', c.previous))
          as p (period, calls)
        where p.calls <> 0
      `.execute(reads());
      return result.rows;
    },

    /**
     * Seconds in each state (but disconnected) per assessor and pause reason in each period:
     * the closed spans from their daily summary (0037) for the periods' days, plus each
     * assessor's open span (at most one) clipped to each period up to `now`. The summary's
     * microseconds are summed as float8, exact for whole numbers below 2^53 (285 years), where
     * a sum of bigint would be numeric and three times slower.
     */
    async stateSeconds(
      bounds: ReportBounds,
      now: Date,
      scope: AssessorScope,
    ): Promise<StateSecondsRow[]> {
      const current = sql`filter (where d.day >= ${bounds.from}::date)`;
      const previous = sql`filter (where d.day < ${bounds.from}::date)`;
      const result = await sql<StateSecondsRow>`
        with closed as (
          select d.user_id, d.state, d.pause_reason_id,
            sum(d.microseconds::float8) ${current} as current_microseconds,
            sum(d.spans) ${current} as current_spans,
            sum(d.span_microseconds::float8) ${current} as current_whole,
            sum(d.microseconds::float8) ${previous} as previous_microseconds,
            sum(d.spans) ${previous} as previous_spans,
            sum(d.span_microseconds::float8) ${previous} as previous_whole
          from agent_state_daily_deltas d
          where d.day between ${bounds.previousFrom}::date and ${bounds.to}::date
            and ${scopeFilter('d.user_id', scope)}
          group by 1, 2, 3
        ),
        parts as (
          select x.period, c.user_id, c.state, c.pause_reason_id,
            coalesce(x.microseconds, 0) / 1e6 as seconds, coalesce(x.spans, 0) as spans,
            coalesce(x.whole, 0) / 1e6 as whole
          from closed c
          cross join lateral (
            values ('current', c.current_microseconds, c.current_spans, c.current_whole),
              ('previous', c.previous_microseconds, c.previous_spans, c.previous_whole)
          ) x (period, microseconds, spans, whole)
          union all
          select x.period, l.user_id, l.state, l.pause_reason_id, x.seconds, x.spans,
            case when x.spans > 0 then date_part('epoch', ${now}::timestamptz - l.started_at)
              else 0 end
          from agent_state_log l
          join users u on u.id = l.user_id and u.role = 'assessor'
          cross join lateral (
            values ('previous',
                greatest(0, date_part('epoch', least(${now}::timestamptz, ${bounds.start}::timestamptz)
                  - greatest(l.started_at, ${bounds.previousStart}::timestamptz))),
                (l.started_at >= ${bounds.previousStart} and l.started_at < ${bounds.start})::int),
              ('current',
                greatest(0, date_part('epoch', least(${now}::timestamptz, ${bounds.end}::timestamptz)
                  - greatest(l.started_at, ${bounds.start}::timestamptz))),
                (l.started_at >= ${bounds.start} and l.started_at < ${bounds.end})::int)
          ) x (period, seconds, spans)
          where l.ended_at is null and l.state <> 'disconnected'
            and ${scopeFilter('l.user_id', scope)}
        ),
        sums as (
          select period, user_id, state, pause_reason_id, round(sum(seconds))::int as seconds,
            sum(spans)::int as spans, round(sum(whole))::int as whole
          from parts
          group by 1, 2, 3, 4
        )
        select s.period, s.user_id as "userId", s.state, s.pause_reason_id as "pauseReasonId",
          r.name as "pauseReason", s.seconds, s.spans as "startedSpans",
          s.whole as "startedSeconds"
        from sums s
        left join pause_reasons r on r.id = s.pause_reason_id
        where s.seconds > 0 or s.spans > 0
      `.execute(reads());
      return result.rows;
    },

    /**
     * The period's calls by hour of the call centre's day, from their summary (0037), which
     * the dashboard keeps in the configured zone.
     */
    async callsByHour(bounds: ReportBounds, scope: AssessorScope) {
      // The whole centre's from its own totals (0038): 24 rows a day, whatever the assessors.
      const source =
        scope === 'all'
          ? sql`attempt_hourly_total_deltas where true`
          : sql`attempt_hourly_count_deltas where ${scopeFilter('assessor_id', scope)}`;
      const result = await sql<{ hour: number; calls: number }>`
        select hour::int as hour, sum(attempts)::int as calls
        from ${source}
          and day between ${bounds.from}::date and ${bounds.to}::date
        group by hour
        having sum(attempts) <> 0
      `.execute(reads());
      return result.rows;
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
