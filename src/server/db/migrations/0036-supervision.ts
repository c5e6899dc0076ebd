import { type Kysely, sql } from 'kysely';

/**
 * Supervision (docs/decisions/041-supervision.md): teams of assessors led by supervisors, the
 * assessors' states (available, on a call, on a pause, disconnected) and their history, the
 * pause reasons, and daily and monthly targets.
 *
 * - `users.role` takes `supervisor`; an assessor belongs to one team at most (`users.team_id`),
 *   a supervisor leads any number (`team_supervisors`).
 * - `agent_states` holds each assessor's state now, one row each; `agent_state_log` every
 *   state with when it started and ended (the open one has no end), which the reports sum.
 * - A target belongs to a team or to an assessor, never both, one per period and metric.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users DROP CONSTRAINT users_role_check;
    ALTER TABLE users ADD CONSTRAINT users_role_check
      CHECK (role IN ('admin', 'supervisor', 'assessor'));

    CREATE TABLE teams (
      id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX teams_name_key ON teams (lower(name));

    ALTER TABLE users ADD COLUMN team_id int REFERENCES teams (id) ON DELETE SET NULL;
    CREATE INDEX users_team_idx ON users (team_id) WHERE team_id IS NOT NULL;

    CREATE TABLE team_supervisors (
      team_id int NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
      supervisor_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      PRIMARY KEY (team_id, supervisor_id)
    );
    CREATE INDEX team_supervisors_supervisor_idx ON team_supervisors (supervisor_id);

    CREATE TABLE pause_reasons (
      id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      limit_minutes int CHECK (limit_minutes BETWEEN 1 AND 1440),
      active boolean NOT NULL DEFAULT true
    );
    CREATE UNIQUE INDEX pause_reasons_name_key ON pause_reasons (lower(name));
    INSERT INTO pause_reasons (name, limit_minutes) VALUES
      ('Almoço', 60), ('Banheiro', 10), ('Café', 15), ('Treinamento', NULL),
      ('Feedback', 30), ('Problema técnico', 15);

    CREATE TABLE agent_states (
      user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      state text NOT NULL CHECK (state IN ('available', 'on_call', 'paused', 'disconnected')),
      pause_reason_id int REFERENCES pause_reasons (id),
      lead_id bigint,
      since timestamptz NOT NULL,
      seen_at timestamptz NOT NULL,
      CHECK ((state = 'paused') = (pause_reason_id IS NOT NULL))
    );
    CREATE INDEX agent_states_seen_idx ON agent_states (seen_at) WHERE state <> 'disconnected';

    CREATE TABLE agent_state_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      state text NOT NULL CHECK (state IN ('available', 'on_call', 'paused', 'disconnected')),
      pause_reason_id int REFERENCES pause_reasons (id),
      started_at timestamptz NOT NULL,
      ended_at timestamptz,
      CHECK (ended_at IS NULL OR ended_at >= started_at)
    );
    CREATE INDEX agent_state_log_user_idx ON agent_state_log (user_id, started_at);
    CREATE INDEX agent_state_log_started_idx ON agent_state_log (started_at);
    CREATE UNIQUE INDEX agent_state_log_open_key ON agent_state_log (user_id) WHERE ended_at IS NULL;

    CREATE TABLE targets (
      id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      team_id int REFERENCES teams (id) ON DELETE CASCADE,
      assessor_id text REFERENCES users (id) ON DELETE CASCADE,
      period text NOT NULL CHECK (period IN ('day', 'month')),
      metric text NOT NULL CHECK (metric IN ('accepted', 'calls')),
      value int NOT NULL CHECK (value BETWEEN 1 AND 1000000),
      CHECK ((team_id IS NULL) <> (assessor_id IS NULL))
    );
    CREATE UNIQUE INDEX targets_key ON targets (team_id, assessor_id, period, metric) NULLS NOT DISTINCT;
  `.execute(db);
}
