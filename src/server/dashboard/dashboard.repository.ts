import { type Kysely, sql } from 'kysely';
import type { AttemptOutcome, LeadStatus } from '../../core/lead-status.ts';
import type { Database } from '../db/schema.ts';
import { acceptedLiteral, contactOutcomeList } from './dashboard-outcomes.sql.ts';

/** The `app_settings` key of the zone the triggers of migration 0007 take days in. */
const timeZoneSettingKey = 'dashboard_time_zone';

export interface DayBounds {
  /** `YYYY-MM-DD` in the call centre's time zone. */
  today: string;
  firstChartDay: string;
  /** The instants today starts and ends in that zone. */
  start: Date;
  end: Date;
  /** The period asked for: its first and last day, and the instants it starts and ends. */
  rangeFirstDay: string;
  rangeLastDay: string;
  rangeStart: Date;
  rangeEnd: Date;
}

/** The period as days back from today, both ends included. */
export interface RangeOffsets {
  firstDaysAgo: number;
  lastDaysAgo: number;
}

export interface AssessorRow {
  id: string;
  name: string;
  active: boolean;
  dailyQuota: number;
  distributed: number;
  calls: number;
  contacts: number;
  accepted: number;
  lastActivityAt: Date | null;
  /** Today's and yesterday's rows of this assessor's call counts beyond one per outcome. */
  foldableRows: number;
}

/**
 * `reads` serves the figures, which may trail the last calls by a few seconds (a replica in
 * step); the time zone's rebuild and the compaction write on `db`.
 */
export function createDashboardRepository(
  db: Kysely<Database>,
  reads: () => Kysely<Database> = () => db,
) {
  return {
    /**
     * Makes the daily call counts follow the configured zone. When it differs from the one
     * they were counted in, they are counted again from the calls, with new calls held back
     * meanwhile so that none is counted in the old zone. Answers whether it rebuilt them.
     */
    async syncTimeZone(timeZone: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const current = await sql<{ value: string }>`
          select value from app_settings where key = ${timeZoneSettingKey} for update
        `.execute(trx);
        if (current.rows[0]?.value === timeZone) return false;
        // Fails on a zone PostgreSQL does not know, before anything changes.
        await sql`select now() at time zone ${timeZone}`.execute(trx);
        await sql`lock table lead_attempts, agent_state_log in share mode`.execute(trx);
        await sql`
          insert into app_settings (key, value) values (${timeZoneSettingKey}, ${timeZone})
          on conflict (key) do update set value = excluded.value
        `.execute(trx);
        await sql`delete from attempt_daily_count_deltas`.execute(trx);
        await sql`delete from attempt_daily_total_deltas`.execute(trx);
        await sql`
          insert into attempt_daily_count_deltas (day, assessor_id, outcome, attempts)
          select (created_at at time zone ${timeZone})::date, assessor_id, outcome, count(*)
          from lead_attempts
          group by 1, 2, 3
        `.execute(trx);
        await sql`
          insert into attempt_daily_total_deltas (day, outcome, attempts)
          select day, outcome, sum(attempts) from attempt_daily_count_deltas group by day, outcome
        `.execute(trx);
        // The reports' summaries by hour and of the states, in the new zone too (0037).
        await sql`select report_summaries_rebuild()`.execute(trx);
        return true;
      });
    },

    async dayBounds(
      now: Date,
      timeZone: string,
      chartDays: number,
      range: RangeOffsets = { firstDaysAgo: 0, lastDaysAgo: 0 },
    ): Promise<DayBounds> {
      const result = await sql<DayBounds>`
        select to_char(d.today, 'YYYY-MM-DD') as today,
          to_char(d.today - ${chartDays - 1}::int, 'YYYY-MM-DD') as "firstChartDay",
          d.today::timestamp at time zone ${timeZone} as start,
          (d.today + 1)::timestamp at time zone ${timeZone} as end,
          to_char(d.first, 'YYYY-MM-DD') as "rangeFirstDay",
          to_char(d.last, 'YYYY-MM-DD') as "rangeLastDay",
          d.first::timestamp at time zone ${timeZone} as "rangeStart",
          (d.last + 1)::timestamp at time zone ${timeZone} as "rangeEnd"
        from (
          select t.today, t.today - ${range.firstDaysAgo}::int as first,
            t.today - ${range.lastDaysAgo}::int as last
          from (select (${now}::timestamptz at time zone ${timeZone})::date as today) t
        ) d
      `.execute(db);
      const row = result.rows[0];
      if (!row) throw new Error('no day bounds');
      return row;
    },

    /** Leads per status, summed from the deltas, with how many delta rows each sum took. */
    async statusCounts() {
      const result = await sql<{ status: LeadStatus; count: number; rows: number }>`
        select status, sum(delta)::bigint as count, count(*)::int as rows
        from lead_status_count_deltas
        group by status
      `.execute(reads());
      return result.rows;
    },

    /**
     * Folds the deltas into one row per status, per day and outcome, and per day, assessor and
     * outcome of `today` and the day before (calls are counted on the day they are made: older
     * days change only by a rare correction, and a few extra rows there sum the same). Exact
     * under concurrent writes: each DELETE removes only the rows its snapshot sees, and the
     * sum written back is of exactly those. One compaction at a time; a read that finds
     * another under way skips it.
     */
    async compactDeltas(today: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const lock = await sql<{ locked: boolean }>`
          select pg_try_advisory_xact_lock(hashtext('cca.dashboard.compaction')) as locked
        `.execute(trx);
        if (!lock.rows[0]?.locked) return;
        await foldDeltas('lead_status_count_deltas', ['status'], 'delta').execute(trx);
        await foldDeltas('attempt_daily_total_deltas', ['day', 'outcome'], 'attempts').execute(trx);
        await foldDeltas(
          'attempt_daily_count_deltas',
          ['day', 'assessor_id', 'outcome'],
          'attempts',
          sql`day >= ${today}::date - 1`,
        ).execute(trx);
        // The reports' calls by hour and state times, over the same two days (0037), then the
        // whole centre's calls by hour, which the first fold's rows changed (0038).
        await sql`select report_summaries_fold(${today}::date - 1)`.execute(trx);
        await foldDeltas(
          'attempt_hourly_total_deltas',
          ['day', 'hour'],
          'attempts',
          sql`day >= ${today}::date - 1`,
        ).execute(trx);
      });
    },

    /**
     * Calls per day and outcome from `firstDay` to `lastDay`, both included, with how many
     * delta rows each sum took; with `ids`, only these assessors' calls (a supervisor's), from
     * the per-assessor counts.
     */
    async attemptsByDay(firstDay: string, lastDay: string, ids?: readonly string[]) {
      const source =
        ids === undefined
          ? sql`attempt_daily_total_deltas where true`
          : sql`attempt_daily_count_deltas where assessor_id = any(${ids}::text[])`;
      const result = await sql<{
        day: string;
        outcome: AttemptOutcome;
        attempts: number;
        rows: number;
      }>`
        select to_char(day, 'YYYY-MM-DD') as day, outcome, sum(attempts)::bigint as attempts,
          count(*)::int as rows
        from ${source}
          and day between ${firstDay}::date and ${lastDay}::date
        group by day, outcome
      `.execute(reads());
      return result.rows;
    },

    /**
     * Leads handed out by the distributions made between `start` and `end`; with `ids`, only
     * those handed to these assessors (a supervisor's).
     */
    async distributedBetween(start: Date, end: Date, ids?: readonly string[]): Promise<number> {
      const result =
        ids === undefined
          ? await sql<{ assigned: number }>`
        select coalesce(sum(assigned), 0)::bigint as assigned
        from distributions where created_at >= ${start} and created_at < ${end}
      `.execute(reads())
          : await sql<{ assigned: number }>`
        select coalesce(sum(s.assigned), 0)::bigint as assigned
        from distributions d join distribution_shares s on s.distribution_id = d.id
        where d.created_at >= ${start} and d.created_at < ${end}
          and s.assessor_id = any(${ids}::text[])
      `.execute(reads());
      return result.rows[0]?.assigned ?? 0;
    },

    /**
     * Active assessors, and inactive ones who received or called in the period, with their
     * figures of the period.
     */
    async assessors(bounds: DayBounds, ids?: readonly string[]): Promise<AssessorRow[]> {
      const result = await sql<AssessorRow>`
        select u.id, u.name, u.active, u.daily_quota as "dailyQuota",
          coalesce(d.distributed, 0)::int as distributed,
          coalesce(a.calls, 0)::int as calls,
          coalesce(a.contacts, 0)::int as contacts,
          coalesce(a.accepted, 0)::int as accepted,
          last_call.at as "lastActivityAt", coalesce(f.foldable, 0)::int as "foldableRows"
        from users u
        left join (
          select s.assessor_id, sum(s.assigned) as distributed
          from distribution_shares s join distributions x on x.id = s.distribution_id
          where x.created_at >= ${bounds.rangeStart} and x.created_at < ${bounds.rangeEnd}
          group by s.assessor_id
        ) d on d.assessor_id = u.id
        left join (
          select assessor_id, sum(attempts) as calls,
            coalesce(sum(attempts) filter (where outcome in (${contactOutcomeList})), 0)
              as contacts,
            coalesce(sum(attempts) filter (where outcome = ${acceptedLiteral}), 0) as accepted
          from attempt_daily_count_deltas
          where day between ${bounds.rangeFirstDay}::date and ${bounds.rangeLastDay}::date
          group by assessor_id
        ) a on a.assessor_id = u.id
        -- Apart, so that the period's sums hash: a distinct count would sort 30 days of rows.
        -- Only the days a compaction folds; older rows beyond one per sum stay as they are.
        left join (
          select assessor_id, count(*) - count(distinct (day, outcome)) as foldable
          from attempt_daily_count_deltas
          where day >= ${bounds.today}::date - 1
          group by assessor_id
        ) f on f.assessor_id = u.id
        left join lateral (
          select max(created_at) as at from lead_attempts where assessor_id = u.id
        ) last_call on true
        where u.role = 'assessor' and (u.active or d.distributed > 0 or a.calls <> 0)
          and ${ids === undefined ? sql`true` : sql`u.id = any(${ids}::text[])`}
        order by u.name, u.id
      `.execute(reads());
      return result.rows;
    },
  };
}

/**
 * Folds the rows of `table` (those `within`) into one per key. Only the keys with several rows
 * or a zero sum are written again: a sum no write has come into since the last fold stays where
 * it is, so a fold leaves as many dead rows as there were writes since the last one, not one
 * for every sum of the two days (2,000 assessors × 6 outcomes × 2 at each fold of a busy day).
 */
function foldDeltas(
  table: keyof Database,
  keys: string[],
  value: string,
  within = sql<boolean>`true`,
) {
  const keyList = sql.join(keys.map((key) => sql.ref(key)));
  const sum = sql`sum(${sql.ref(value)})`;
  return sql`
    with removed as (
      delete from ${sql.table(table)}
      where ${within} and (${keyList}) in (
        select ${keyList} from ${sql.table(table)} where ${within}
        group by ${keyList} having count(*) > 1 or ${sum} = 0
      )
      returning ${keyList}, ${sql.ref(value)}
    )
    insert into ${sql.table(table)} (${keyList}, ${sql.ref(value)})
    select ${keyList}, ${sum} from removed group by ${keyList} having ${sum} <> 0
  `;
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
