import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createAttemptRepository,
  createAttemptService,
  createMyLeadsRepository,
  createOutcomeUndoRepository,
} from '../attempts/index.ts';
import { createSessionRepository } from '../auth/index.ts';
import { defaultTimeZone } from '../config/env.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { everyHourCalendar, setCallingHours } from '../testing/test-settings.ts';
import { createDatabase, type DatabaseHandle } from './database.ts';

// A prepared statement saves its planning only if PostgreSQL settles on the statement's generic
// plan: after five one-off plans it keeps planning every call anew whenever the generic plan
// looks dearer than the one-off ones. A parameter where a constant belongs (the time zone of
// "since midnight") was enough to make it plan the assessor's list on every request.
let database: TestDatabase;
let handle: DatabaseHandle;
const assessorId = 'plans-assessor-1';

beforeAll(async () => {
  database = await createTestDatabase();
  // One connection: the statements and pg_prepared_statements are per connection.
  handle = createDatabase({
    connectionString: database.connectionString,
    poolSize: 1,
    statementTimeoutMs: 10_000,
  });
  await sql`
    insert into users (id, name, email, role)
    select 'plans-assessor-' || n, 'Assessor ' || n, 'plans' || n || '@cca.test', 'assessor'
    from generate_series(1, 50) as n
  `.execute(database.db);
  // Lists of a realistic shape: a month of daily batches, call-backs, retries.
  await sql`
    insert into leads (name, phone, status, owner_id, assigned_at, callback_at, attempts)
    select 'Lead ' || n, '+55119' || lpad(n::text, 8, '0'),
      (array['assigned', 'yellow', 'no_answer', 'green', 'red'])[1 + n % 5],
      'plans-assessor-' || (1 + n % 20),
      now() - (n % 30) * interval '1 day',
      case when n % 5 = 1 then now() + (n % 48 - 24) * interval '1 hour' end,
      case when n % 5 = 0 then 0 else 1 + n % 3 end
    from generate_series(1, 60000) as n
  `.execute(database.db);
  await sql`
    insert into sessions (id, token, user_id, expires_at, created_at, updated_at)
    values ('plans-session', 'plans-token', ${assessorId}, now() + interval '1 hour', now(), now())
  `.execute(database.db);
  await setCallingHours(database.db, everyHourCalendar);
  await sql`vacuum analyze`.execute(database.db);
});
afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

async function planCounts(name: string) {
  const { rows } = await sql<{ generic: number; custom: number }>`
    select generic_plans::int as generic, custom_plans::int as custom
    from pg_prepared_statements where name = ${name}
  `.execute(handle.db);
  return rows[0];
}

it('plans the assessor’s list, a call and the session lookup once, not on every request', async () => {
  const myLeads = createMyLeadsRepository(handle.db, defaultTimeZone);
  // The announcements are not what this measures.
  const service = createAttemptService({
    attempts: createAttemptRepository(handle.db, defaultTimeZone),
    myLeads,
    undos: createOutcomeUndoRepository(handle.db),
    events: { publish: () => {} },
  });
  const sessions = createSessionRepository(handle.db);
  const { rows: leads } = await sql<{ id: number }>`
    select id from leads where owner_id = ${assessorId} and status = 'assigned' limit 12
  `.execute(handle.db);
  expect(leads).toHaveLength(12);

  for (const lead of leads) {
    expect(JSON.parse(await myLeads.myLeadsJson(assessorId, 50)).leads.length).toBeGreaterThan(0);
    await service.record(assessorId, lead.id, { outcome: 'no_answer', channel: 'phone' });
    expect((await sessions.findByToken('plans-token'))?.userId).toBe(assessorId);
  }

  // PostgreSQL tries five one-off plans first; every later call must reuse the generic plan.
  for (const name of ['my-leads', 'call-history', 'call-recordOutcome', 'session-by-token']) {
    expect(await planCounts(name), name).toEqual({ generic: 7, custom: 5 });
  }
});

it('finds the leads closed today from the calls that closed them, not from every call of the day', async () => {
  const repository = createMyLeadsRepository(handle.db, defaultTimeZone);
  // A long day of calls that closed nothing.
  await sql`
    insert into lead_attempts (lead_id, assessor_id, outcome, channel)
    select l.id, ${assessorId}, 'no_answer', 'phone'
    from leads l, generate_series(1, 5) where l.owner_id = ${assessorId}
  `.execute(handle.db);
  await sql`analyze lead_attempts`.execute(handle.db);
  const scans = async () => {
    // The statistics of this connection, the pool's only one, are flushed before they are read.
    await sql`select pg_stat_force_next_flush()`.execute(handle.db);
    const { rows } = await sql<{ sequential: number; closing: number }>`
      select seq_scan::int as sequential,
        (select idx_scan::int from pg_stat_user_indexes
          where indexrelname = 'lead_attempts_closing_idx') as closing
      from pg_stat_user_tables where relname = 'lead_attempts'
    `.execute(handle.db);
    return rows[0] as { sequential: number; closing: number };
  };

  const before = await scans();
  for (let read = 0; read < 8; read++) await repository.myLeadsJson(assessorId, 50);
  const after = await scans();
  expect(after.sequential - before.sequential).toBe(0);
  expect(after.closing - before.closing).toBe(8);
});
