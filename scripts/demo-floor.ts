import type pg from 'pg';
import type { AgentState } from '../src/core/agent-states.ts';
import { acceptedOutcomeKey } from '../src/core/outcomes.ts';
import type { DemoAttempt } from './demo-calls.ts';
import { centreTime, inShift, minutes } from './demo-clock.ts';
import type { DemoRandom } from './demo-random.ts';

/** The demo's floor: two teams, each with its supervisor, as the wallboard shows them. */
export const demoTeams = [
  { name: 'Equipe Alfa', assessors: [0, 1, 2], supervisor: 0 },
  { name: 'Equipe Beta', assessors: [3, 4], supervisor: 1 },
] as const;

/** How long each pause of the demo lasts, in minutes: the shortest and the longest. */
const pauseMinutes = {
  Almoço: [50, 65],
  Café: [8, 16],
  Banheiro: [4, 9],
  Feedback: [12, 25],
} as const;

interface StateSpan {
  user: string;
  state: AgentState;
  reason: string | null;
  from: Date;
  to: Date | null;
}

/**
 * Each assessor's day as the state log keeps it, read from its calls: signed in a few minutes
 * before the first call, on a call for the minutes before each outcome, a pause in each long gap
 * (lunch around midday, coffee or feedback otherwise), signed out after the last call. While the
 * centre is at work now, the assessors are caught in the middle of their day: one on a call, one
 * on a coffee pause past its limit, one signed out early, the others available.
 */
export function planDemoFloor(input: {
  attempts: DemoAttempt[];
  assessorIds: string[];
  now: Date;
  random: DemoRandom;
}): StateSpan[] {
  const { attempts, assessorIds, now, random } = input;
  const spans: StateSpan[] = [];
  const working = inShift(now);
  const today = centreTime(now).day;
  assessorIds.forEach((user, assessor) => {
    const days = new Map<string, Date[]>();
    for (const attempt of attempts) {
      if (attempt.assessor !== assessor) continue;
      const day = centreTime(attempt.at).day;
      days.set(day, [...(days.get(day) ?? []), attempt.at]);
    }
    const open = (state: AgentState, from: Date, reason: string | null = null) => {
      const last = spans.at(-1);
      if (last?.user === user && last.to === null) last.to = from;
      spans.push({ user, state, reason, from, to: null });
    };
    for (const [day, calls] of days) {
      const first = calls[0] as Date;
      open('available', new Date(first.getTime() - minutes(random.int(4, 15))));
      let free = first;
      for (const at of calls) {
        const gap = at.getTime() - free.getTime();
        if (gap > minutes(14)) {
          const hour = centreTime(free).minute / 60;
          const reason =
            hour >= 11.5 && hour < 14 && gap > minutes(45)
              ? 'Almoço'
              : random.weighted([
                  ['Café', 3],
                  ['Banheiro', 2],
                  ['Feedback', 1],
                ] as const);
          // A pause lasts what its reason does; the rest of the gap is waiting between calls.
          const [shortest, longest] = pauseMinutes[reason];
          const length = Math.min(gap - minutes(6), minutes(random.int(shortest, longest)));
          const from = free.getTime() + minutes(random.int(1, 3));
          open('paused', new Date(from), reason);
          open('available', new Date(from + length));
        }
        const lastStart = (spans.at(-1) as StateSpan).from.getTime();
        const dialled = new Date(
          Math.min(
            at.getTime(),
            Math.max(lastStart + 5_000, at.getTime() - random.int(40, 300) * 1_000),
          ),
        );
        open('on_call', dialled);
        open('available', at);
        free = at;
      }
      if (working && day === today) {
        const since = (delay: number) => new Date(Math.min(now.getTime(), free.getTime() + delay));
        if (assessor === 0) open('on_call', since(minutes(1)));
        else if (assessor === 2) open('paused', since(minutes(2)), 'Café');
        else if (assessor === 4) open('disconnected', since(minutes(6)));
      } else {
        open('disconnected', new Date(free.getTime() + minutes(random.int(3, 12))));
      }
    }
  });
  return spans;
}

/**
 * Writes the floor: the teams and their supervisors, the assessors' state log and their
 * states now, and targets set a little above what each team does on an average day.
 */
export async function writeDemoFloor(
  client: pg.PoolClient,
  input: {
    spans: StateSpan[];
    attempts: DemoAttempt[];
    assessorIds: string[];
    supervisorIds: string[];
  },
) {
  const { spans, attempts, assessorIds, supervisorIds } = input;
  const reasons = await client.query<{ id: number; name: string }>(
    'SELECT id, name FROM pause_reasons',
  );
  const reasonId = (name: string | null) =>
    name === null ? null : (reasons.rows.find((row) => row.name === name)?.id ?? null);

  const days = new Set(attempts.map((attempt) => centreTime(attempt.at).day)).size || 1;
  for (const team of demoTeams) {
    const { rows } = await client.query<{ id: number }>(
      'INSERT INTO teams (name) VALUES ($1) RETURNING id',
      [team.name],
    );
    const teamId = (rows[0] as { id: number }).id;
    const members = team.assessors.map((position) => assessorIds[position] as string);
    await client.query('UPDATE users SET team_id = $1 WHERE id = ANY($2::text[])', [
      teamId,
      members,
    ]);
    await client.query('INSERT INTO team_supervisors (team_id, supervisor_id) VALUES ($1, $2)', [
      teamId,
      supervisorIds[team.supervisor],
    ]);
    const own = attempts.filter((attempt) =>
      (team.assessors as readonly number[]).includes(attempt.assessor),
    );
    const perDay = (count: number) => Math.max(1, Math.ceil((count / days) * 1.15));
    const accepted = own.filter((attempt) => attempt.outcome === acceptedOutcomeKey).length;
    const calls = Math.ceil(perDay(own.length) / 10) * 10;
    await client.query(
      `INSERT INTO targets (team_id, period, metric, value)
       VALUES ($1, 'day', 'accepted', $2), ($1, 'day', 'calls', $3),
              ($1, 'month', 'accepted', $4), ($1, 'month', 'calls', $5)`,
      [teamId, perDay(accepted), calls, perDay(accepted) * 21, calls * 21],
    );
  }

  await client.query(
    `INSERT INTO agent_state_log (user_id, state, pause_reason_id, started_at, ended_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::timestamptz[], $5::timestamptz[])`,
    [
      spans.map((span) => span.user),
      spans.map((span) => span.state),
      spans.map((span) => reasonId(span.reason)),
      spans.map((span) => span.from),
      spans.map((span) => span.to),
    ],
  );
  await client.query(
    `INSERT INTO agent_states (user_id, state, pause_reason_id, since, seen_at)
     SELECT user_id, state, pause_reason_id, started_at,
            CASE WHEN state = 'disconnected' THEN started_at ELSE now() END
       FROM agent_state_log WHERE ended_at IS NULL AND user_id = ANY($1::text[])`,
    [assessorIds],
  );
}
