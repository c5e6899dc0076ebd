import type { ColumnType } from 'kysely';
import type { AgentState } from '../../core/agent-states.ts';
import type { TargetMetric, TargetPeriod } from '../../core/targets.ts';
import type { CreatedAt, Identity } from './column-types.ts';

/** A team of assessors (0036). */
export interface TeamsTable {
  id: ColumnType<number, never, never>;
  name: string;
  created_at: CreatedAt;
}

/** Which supervisors lead which teams (0036). */
export interface TeamSupervisorsTable {
  team_id: number;
  supervisor_id: string;
}

/** The reasons an assessor may pause for (0036). */
export interface PauseReasonsTable {
  id: ColumnType<number, never, never>;
  name: string;
  limit_minutes: number | null;
  active: ColumnType<boolean, boolean | undefined, boolean>;
}

/** Each assessor's state now, one row each (0036). */
export interface AgentStatesTable {
  user_id: string;
  state: AgentState;
  pause_reason_id: number | null;
  /** The lead of the call, while `on_call`. */
  lead_id: number | null;
  since: Date;
  /** The last time an open page of the assessor told the server it was there. */
  seen_at: Date;
}

/** Every state an assessor was in, from `started_at` to `ended_at` (open: null) (0036). */
export interface AgentStateLogTable {
  id: Identity;
  user_id: string;
  state: AgentState;
  pause_reason_id: number | null;
  started_at: Date;
  ended_at: Date | null;
}

/** A team's or an assessor's target for a day or a month (0036). */
export interface TargetsTable {
  id: ColumnType<number, never, never>;
  team_id: number | null;
  assessor_id: string | null;
  period: TargetPeriod;
  metric: TargetMetric;
  value: number;
}

/**
 * Insert-only changes of the calls per day and hour of the call centre's day and assessor;
 * summed when read (0037).
 */
export interface AttemptHourlyCountDeltasTable {
  day: ColumnType<string, string, string>;
  hour: number;
  assessor_id: string;
  attempts: number;
}

/** The same calls per day and hour for the whole call centre, kept from it by triggers (0038). */
export interface AttemptHourlyTotalDeltasTable {
  day: ColumnType<string, string, string>;
  hour: number;
  attempts: number;
}

/**
 * Insert-only changes of the time in each state (but disconnected) per day of the call
 * centre, assessor and pause reason, from the closed spans of the log; and the spans started
 * that day with their whole length (0037). Microseconds are bigint: strings when read.
 */
export interface AgentStateDailyDeltasTable {
  day: ColumnType<string, string, string>;
  user_id: string;
  state: Exclude<AgentState, 'disconnected'>;
  pause_reason_id: number | null;
  microseconds: ColumnType<string, string | number, string | number>;
  spans: number;
  span_microseconds: ColumnType<string, string | number, string | number>;
}

/** The tables of teams, agent states and targets, part of the Database (schema.ts). */
export interface SupervisionTables {
  teams: TeamsTable;
  team_supervisors: TeamSupervisorsTable;
  pause_reasons: PauseReasonsTable;
  agent_states: AgentStatesTable;
  agent_state_log: AgentStateLogTable;
  targets: TargetsTable;
  attempt_hourly_count_deltas: AttemptHourlyCountDeltasTable;
  attempt_hourly_total_deltas: AttemptHourlyTotalDeltasTable;
  agent_state_daily_deltas: AgentStateDailyDeltasTable;
}
