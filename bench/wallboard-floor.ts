import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/server/db/schema.ts';

export const teamCount = 100;

/**
 * The floor of the figure: the assessors given (2,000: the run's and the suite's own)
 * in 100 teams of 20, each team with a supervisor and day targets; a week of state log at 48
 * states a day each (available, a call of 10 min, available… every 8th a pause), today's
 * ending in each one's open state, as agent_states holds it.
 */
export async function seedFloor(db: Kysely<Database>, everyone: string[]): Promise<void> {
  const statements = [
    sql`insert into teams (name) select 'Salão ' || n from generate_series(1, ${teamCount}) as n`,
    sql`
      update users u set team_id = t.id
      from (select id, row_number() over (order by id) - 1 as rank
            from unnest(${everyone}::text[]) as e (id)) a
      join teams t on t.name = 'Salão ' || (1 + a.rank % ${teamCount})
      where u.id = a.id`,
    sql`
      insert into users (id, name, email, role)
      select 'bench-supervisor-' || n, 'Supervisor ' || n, 'supervisor' || n || '@bench.cca',
        'supervisor'
      from generate_series(1, ${teamCount}) as n`,
    sql`
      insert into team_supervisors (team_id, supervisor_id)
      select t.id, 'bench-supervisor-' || substr(t.name, 7) from teams t
      where t.name like 'Salão %'`,
    sql`
      insert into targets (team_id, period, metric, value)
      select id, 'day', metric, case when metric = 'calls' then 1400 else 60 end
      from teams cross join (values ('calls'), ('accepted')) m (metric)
      where name like 'Salão %'`,
    sql`
      insert into agent_state_log (user_id, state, pause_reason_id, started_at, ended_at)
      select u.id,
        case when k % 8 = 0 then 'paused' when k % 2 = 0 then 'on_call' else 'available' end,
        case when k % 8 = 0 then (select min(id) from pause_reasons) end,
        d.start + (k - 1) * interval '10 minutes',
        case when d.days_ago = 0 and k = 48 then null
          else d.start + k * interval '10 minutes' end
      from unnest(${everyone}::text[]) as u (id)
      cross join (
        select days_ago, now() - days_ago * interval '1 day' - interval '8 hours' as start
        from generate_series(0, 6) as days_ago
      ) d
      cross join generate_series(1, 48) as k
      on conflict (user_id) where ended_at is null do nothing`,
    sql`
      insert into agent_states (user_id, state, since, seen_at)
      select u.id, 'on_call', now() - interval '10 minutes', now()
      from unnest(${everyone}::text[]) as u (id)
      on conflict (user_id) do nothing`,
    sql`analyze agent_state_log`,
    sql`analyze agent_states`,
    sql`analyze users`,
  ];
  for (const statement of statements) await statement.execute(db);
}
