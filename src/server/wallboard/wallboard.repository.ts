import { type Kysely, sql } from 'kysely';
import type { AgentState } from '../../core/agent-states.ts';
import { workableStatuses } from '../../core/lead-status.ts';
import { acceptedOutcomeKey, answeredOutcomeKeys } from '../../core/outcomes.ts';
import type { TargetMetric } from '../../core/targets.ts';
import type { Database } from '../db/schema.ts';

const contactList = sql.join(answeredOutcomeKeys.map((key) => sql.lit(key)));
const acceptedLiteral = sql.lit(acceptedOutcomeKey);
const workableList = sql.join(workableStatuses.map((status) => sql.lit(status)));

export interface WallboardDay {
  /** `YYYY-MM-DD` in the call centre's zone, and the instant it started. */
  today: string;
  start: Date;
}

export interface AssessorStateRow {
  id: string;
  name: string;
  teamId: number | null;
  state: AgentState | null;
  since: Date | null;
  pauseReasonId: number | null;
  pauseName: string | null;
  pauseLimitMinutes: number | null;
}

export interface CallCountRow {
  assessorId: string;
  calls: number;
  contacts: number;
  accepted: number;
}

export interface StateTimeRow {
  userId: string;
  /** Seconds today in `available` and `on_call`: signed in, not on a pause. */
  workedSeconds: number;
  /** The closed `on_call` spans that started today: their whole length and how many. */
  onCallSeconds: number;
  onCalls: number;
}

export interface TargetRow {
  teamId: number | null;
  assessorId: string | null;
  metric: TargetMetric;
  value: number;
}

/**
 * What the wallboard reads, each query an index's range: today's call counts by day, the state
 * log by start (the spans still open by their own index), the lists by owner and status.
 */
export function createWallboardRepository(reads: () => Kysely<Database>) {
  return {
    async day(now: Date, timeZone: string): Promise<WallboardDay> {
      const result = await sql<WallboardDay>`
        select to_char(d.today, 'YYYY-MM-DD') as today,
          d.today::timestamp at time zone ${timeZone} as start
        from (select (${now}::timestamptz at time zone ${timeZone})::date as today) d
      `.execute(reads());
      const row = result.rows[0];
      if (!row) throw new Error('no day');
      return row;
    },

    /** Active assessors with their state now and its pause reason. */
    async assessors(): Promise<AssessorStateRow[]> {
      const result = await sql<AssessorStateRow>`
        select u.id, u.name, u.team_id as "teamId", s.state, s.since,
          s.pause_reason_id as "pauseReasonId", p.name as "pauseName",
          p.limit_minutes as "pauseLimitMinutes"
        from users u
        left join agent_states s on s.user_id = u.id
        left join pause_reasons p on p.id = s.pause_reason_id
        where u.role = 'assessor' and u.active
        order by u.name, u.id
      `.execute(reads());
      return result.rows;
    },

    /** Today's calls, contacts and aceites per assessor, from the daily counts. */
    async callCounts(today: string): Promise<CallCountRow[]> {
      const result = await sql<CallCountRow>`
        select assessor_id as "assessorId", sum(attempts)::int as calls,
          coalesce(sum(attempts) filter (where outcome in (${contactList})), 0)::int as contacts,
          coalesce(sum(attempts) filter (where outcome = ${acceptedLiteral}), 0)::int as accepted
        from attempt_daily_count_deltas
        where day = ${today}::date
        group by assessor_id
      `.execute(reads());
      return result.rows;
    },

    /**
     * Each assessor's time today: the closed spans' share of it from their daily summary (0037,
     * cut at the centre's midnights, the reports' own figures), and the open span's since it
     * started or since midnight. The summary holds about one row per assessor, state and
     * reason once folded (background-jobs.ts), where the log holds a row per call.
     */
    async stateTimes(today: string, start: Date, now: Date): Promise<StateTimeRow[]> {
      const result = await sql<StateTimeRow>`
        select user_id as "userId", sum(worked)::float8 as "workedSeconds",
          sum(on_call)::float8 as "onCallSeconds", sum(calls)::int as "onCalls"
        from (
          select user_id,
            coalesce(sum(microseconds) filter (where state in ('available', 'on_call')), 0)
              / 1e6 as worked,
            coalesce(sum(span_microseconds) filter (where state = 'on_call'), 0) / 1e6 as on_call,
            coalesce(sum(spans) filter (where state = 'on_call'), 0) as calls
          from agent_state_daily_deltas
          where day = ${today}::date
          group by user_id
          union all
          select user_id,
            greatest(0, extract(epoch from ${now}::timestamptz - greatest(started_at, ${start}))),
            0, 0
          from agent_state_log
          where ended_at is null and state in ('available', 'on_call')
        ) times
        group by user_id
      `.execute(reads());
      return result.rows;
    },

    /**
     * Leads each assessor still has to call, read from the owners' index by status; with
     * `ownerIds`, these assessors' only.
     */
    async leadsLeft(ownerIds?: readonly string[]): Promise<{ ownerId: string; leads: number }[]> {
      const owners = ownerIds === undefined ? sql`` : sql`and owner_id = any(${ownerIds}::text[])`;
      const result = await sql<{ ownerId: string; leads: number }>`
        select owner_id as "ownerId", count(*)::int as leads
        from leads
        where owner_id is not null and status in (${workableList}) ${owners}
        group by owner_id
      `.execute(reads());
      return result.rows;
    },

    async teams(): Promise<{ id: number; name: string; supervisorIds: string[] }[]> {
      const result = await sql<{ id: number; name: string; supervisorIds: string[] }>`
        select t.id, t.name,
          coalesce(array_agg(s.supervisor_id) filter (where s.supervisor_id is not null), '{}')
            as "supervisorIds"
        from teams t left join team_supervisors s on s.team_id = t.id
        group by t.id
        order by t.name, t.id
      `.execute(reads());
      return result.rows;
    },

    /** The day targets, of teams and of assessors. */
    async dayTargets(): Promise<TargetRow[]> {
      return reads()
        .selectFrom('targets')
        .select(['team_id as teamId', 'assessor_id as assessorId', 'metric', 'value'])
        .where('period', '=', 'day')
        .execute();
    },
  };
}

export type WallboardRepository = ReturnType<typeof createWallboardRepository>;
