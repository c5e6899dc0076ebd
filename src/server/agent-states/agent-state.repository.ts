import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import type { AgentState } from '../../core/agent-states.ts';
import { acceptedOutcomeKey } from '../../core/outcomes.ts';
import type { TargetMetric, TargetPeriod } from '../../core/targets.ts';
import { prepared } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { AgentStatesTable } from '../db/supervision-tables.ts';

export type AgentStateRow = Selectable<AgentStatesTable>;

const acceptedOutcomeLiteral = sql.lit(acceptedOutcomeKey);

/** An assessor's state now, with its pause reason's name and limit when paused. */
export interface AgentStateView extends AgentStateRow {
  reasonName: string | null;
  reasonLimitMinutes: number | null;
}

/** A new state: what it is, its reason or lead, and when it starts. */
export interface StateChange {
  state: AgentState;
  pauseReasonId?: number | null;
  leadId?: number | null;
  at: Date;
  /** The page said it was there (the assessor's own action); a supervisor's keeps seen_at. */
  seen: boolean;
}

export interface ProgressRow {
  forTeam: boolean;
  period: TargetPeriod;
  metric: TargetMetric;
  target: number;
  done: number;
}

/**
 * The statements that end an assessor's call once its outcome is recorded, as steps of the
 * recording statement (`attempt` is its CTE of the call inserted): the state goes back to
 * available from the call's time, its span in the log closes, a new one opens. Written here,
 * spliced into the attempts' one statement, so the call path costs no extra round trip and
 * the state changes with the call, or not at all.
 */
export function endCallSteps(assessorId: RawBuilder<unknown> | string): RawBuilder<unknown> {
  return sql`call_ended as (
    update agent_states s set state = 'available', lead_id = null, since = attempt.created_at,
      seen_at = greatest(s.seen_at, attempt.created_at)
    from attempt
    where s.user_id = ${assessorId} and s.state = 'on_call'
    returning s.user_id, s.since
  ), call_span_closed as (
    update agent_state_log g set ended_at = greatest(g.started_at, e.since)
    from call_ended e
    where g.user_id = e.user_id and g.ended_at is null
    returning g.user_id
  ), available_opened as (
    -- After the close (it reads its count): one open span per assessor at a time.
    insert into agent_state_log (user_id, state, started_at)
    select e.user_id, 'available', e.since
    from call_ended e, (select count(*) from call_span_closed) closed
    returning user_id
  )`;
}

export function createAgentStateRepository(db: Kysely<Database>, timeZone: string) {
  const selectView = (executor: Kysely<Database>) =>
    executor
      .selectFrom('agent_states as s')
      .leftJoin('pause_reasons as r', 'r.id', 's.pause_reason_id')
      .selectAll('s')
      .select(['r.name as reasonName', 'r.limit_minutes as reasonLimitMinutes']);

  return {
    /** The statements bound to a unit of work's transaction. */
    within: (executor: Kysely<Database>) => createAgentStateRepository(executor, timeZone),

    view: (userId: string): Promise<AgentStateView | undefined> =>
      selectView(db).where('s.user_id', '=', userId).executeTakeFirst(),

    /**
     * The assessor's state locked for a change, so two changes at once (two tabs, a supervisor
     * and the assessor) happen one after the other. An assessor never seen before gets a row
     * first (disconnected, with no span in the log), so there is always a row to lock.
     */
    async locked(userId: string, at: Date): Promise<AgentStateRow> {
      const lock = () =>
        db.selectFrom('agent_states').selectAll().where('user_id', '=', userId).forUpdate();
      const row = await lock().executeTakeFirst();
      if (row) return row;
      await db
        .insertInto('agent_states')
        .values({ user_id: userId, state: 'disconnected', since: at, seen_at: at })
        .onConflict((conflict) => conflict.column('user_id').doNothing())
        .execute();
      return lock().executeTakeFirstOrThrow();
    },

    /**
     * Moves an assessor to a new state in one statement: closes its open span in the log at
     * `at`, opens the new one, and sets the state now. Run in the transaction that holds the
     * row (`locked`).
     */
    async change(userId: string, change: StateChange): Promise<void> {
      const reasonId = change.pauseReasonId ?? null;
      const seenAt = change.seen
        ? sql`greatest(s.seen_at, ${change.at}::timestamptz)`
        : sql`s.seen_at`;
      await sql`
        with closed as (
          update agent_state_log set ended_at = greatest(started_at, ${change.at}::timestamptz)
          where user_id = ${userId} and ended_at is null
          returning id
        ), opened as (
          insert into agent_state_log (user_id, state, pause_reason_id, started_at)
          select ${userId}, ${change.state}, ${reasonId}::int, ${change.at}::timestamptz
          from (select count(*) from closed) c
          returning id
        )
        update agent_states s set state = ${change.state}, pause_reason_id = ${reasonId}::int,
          lead_id = ${change.leadId ?? null}::bigint, since = ${change.at}::timestamptz,
          seen_at = ${seenAt}
        from (select count(*) from opened) o
        where s.user_id = ${userId}
      `.execute(db);
    },

    /**
     * An open page says the assessor is there: one statement, the path every page takes every
     * 20 s. Answers false when the assessor is disconnected or was never seen (its state must
     * change, in a unit of work).
     */
    async refreshSeen(userId: string, at: Date): Promise<boolean> {
      const result = await prepared(
        'agent-presence',
        sql`
          update agent_states set seen_at = greatest(seen_at, ${at}::timestamptz)
          where user_id = ${userId} and state <> 'disconnected'
        `,
      ).execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },

    /**
     * Every assessor no open page has spoken for since before `cutoff` becomes disconnected from
     * the last time one did (or from its state's start, if later): one statement for them all.
     * Answers who changed.
     */
    async disconnectQuiet(cutoff: Date): Promise<string[]> {
      const result = await sql<{ userId: string }>`
        with quiet as (
          update agent_states s set state = 'disconnected', pause_reason_id = null,
            lead_id = null, since = greatest(s.seen_at, s.since)
          where s.state <> 'disconnected' and s.seen_at < ${cutoff}::timestamptz
          returning s.user_id, s.since
        ), closed as (
          update agent_state_log g set ended_at = greatest(g.started_at, q.since)
          from quiet q
          where g.user_id = q.user_id and g.ended_at is null
          returning g.id
        ), opened as (
          insert into agent_state_log (user_id, state, started_at)
          select q.user_id, 'disconnected', q.since
          from quiet q, (select count(*) from closed) c
          returning user_id
        )
        select user_id as "userId" from opened
      `.execute(db);
      return result.rows.map((row) => row.userId);
    },

    /** Whether a user is an assessor (a supervisor acts only on assessors). */
    async isAssessor(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .where('role', '=', 'assessor')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the lead is in the assessor's list (the only calls it can start). */
    async ownsLead(userId: string, leadId: number): Promise<boolean> {
      const row = await db
        .selectFrom('leads')
        .select('id')
        .where('id', '=', leadId)
        .where('owner_id', '=', userId)
        .where('erased_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The assessor's own targets and its team's, each with what was done in its period (the
     * call centre's day or month up to `at`), counted as the dashboard counts: the daily call
     * counts, accepted by the outcome registry's accepted outcome.
     */
    async progress(userId: string, at: Date): Promise<ProgressRow[]> {
      const result = await sql<ProgressRow>`
        with bounds as (
          select (${at}::timestamptz at time zone ${timeZone})::date as today
        )
        select t.team_id is not null as "forTeam", t.period, t.metric, t.value as target,
          coalesce((
            select sum(d.attempts) filter (where t.metric = 'calls'
              or d.outcome = ${acceptedOutcomeLiteral})
            from attempt_daily_count_deltas d
            where d.day between
                case when t.period = 'day' then b.today
                  else date_trunc('month', b.today)::date end
                and b.today
              and (case when t.team_id is null then d.assessor_id = ${userId}
                else d.assessor_id in (select id from users where team_id = t.team_id) end)
          ), 0)::int as done
        from targets t cross join bounds b
        where t.assessor_id = ${userId}
          or t.team_id = (select team_id from users where id = ${userId})
        order by t.team_id is not null, t.period, t.metric
      `.execute(db);
      return result.rows;
    },
  };
}
export type AgentStateRepository = ReturnType<typeof createAgentStateRepository>;
