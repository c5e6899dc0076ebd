import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyLeads } from '../src/core/attempts.ts';
import { localTimeIn, nationalHolidays } from '../src/core/brazil-calendar.ts';
import {
  callingStatus,
  holidayLookup,
  storedCallingCalendar,
  ufOfLead,
} from '../src/core/calling-windows.ts';
import { defaultContactRules } from '../src/core/contact-rules.ts';
import type { Dashboard } from '../src/core/dashboard.ts';
import { invariantViolations } from '../src/server/testing/invariants.ts';
import { createTestApp, type TestApp } from '../src/server/testing/test-app.ts';
import { demoPeople } from './demo-people.ts';
import { planDemo } from './demo-plan.ts';
import { demoRandom } from './demo-random.ts';

const run = promisify(execFile);

/** A centre's working hours: Monday to Friday, 8h to 20h in Brasília, not on a national holiday. */
function inWorkingHours(instant: Date): boolean {
  const local = localTimeIn('DF', instant);
  const holidays = nationalHolidays(Number(local.day.slice(0, 4))).map((holiday) => holiday.day);
  return (
    local.weekday >= 1 &&
    local.weekday <= 5 &&
    !holidays.includes(local.day) &&
    local.minute >= 8 * 60 &&
    local.minute < 20 * 60
  );
}

let t: TestApp;
let finishedAt: Date;
const assessorEmails = [1, 2, 3, 4, 5].map((position) => `assessor${position}@cca.local`);

describe('npm run demo', () => {
  beforeAll(async () => {
    // The shipped calling hours, which the demo's calls must keep.
    t = await createTestApp({ shippedCallingHours: true });
    await run('node_modules/.bin/tsx', ['scripts/demo.ts'], {
      env: { ...process.env, DATABASE_URL: t.database.connectionString, DEMO_LEADS: '2000' },
    });
    finishedAt = new Date();
  }, 120_000);
  afterAll(() => t?.close());

  it('calls each lead inside its calling hours, or records why not', async () => {
    const setting = await t.database.db
      .selectFrom('app_settings')
      .select('value')
      .where('key', '=', 'calling_calendar')
      .executeTakeFirst();
    const { rules, holidays } = storedCallingCalendar(setting?.value);
    const lookup = holidayLookup(holidays);
    const calls = await t.database.db
      .selectFrom('lead_attempts as a')
      .innerJoin('leads as l', 'l.id', 'a.lead_id')
      .select(['a.id', 'a.created_at', 'a.lead_phone', 'a.outside_window_reason', 'l.uf', 'l.city'])
      .execute();
    expect(calls.length).toBeGreaterThan(100);
    const unexplained = calls.filter((call) => {
      const uf = ufOfLead({ phone: call.lead_phone ?? '', uf: call.uf });
      const allowed = callingStatus(uf, call.created_at, rules, lookup, call.city).allowed;
      // As the app records it: a reason for a call out of hours, and only for one.
      return allowed === (call.outside_window_reason !== null);
    });
    expect(unexplained.slice(0, 5)).toEqual([]);
  });

  it('schedules every call-back in working hours, after the call that agreed it', async () => {
    const callbacks = await t.database.db
      .selectFrom('lead_attempts')
      .select(['id', 'created_at', 'callback_at'])
      .where('callback_at', 'is not', null)
      .execute();
    expect(callbacks.length).toBeGreaterThan(10);
    const wrong = callbacks.filter(
      (call) =>
        !inWorkingHours(call.callback_at as Date) || (call.callback_at as Date) <= call.created_at,
    );
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('creates each lead after its batch was imported, the batches on different days', async () => {
    const early = await t.database.db
      .selectFrom('leads as l')
      .innerJoin('import_batches as b', 'b.id', 'l.batch_id')
      .select(['l.id', 'l.created_at', 'b.created_at as imported_at'])
      .whereRef('l.created_at', '<', 'b.created_at')
      .limit(5)
      .execute();
    expect(early).toEqual([]);
    const batches = await t.database.db.selectFrom('import_batches').select('created_at').execute();
    const days = new Set(batches.map((batch) => localTimeIn('DF', batch.created_at).day));
    expect(days.size).toBeGreaterThan(1);
  });

  it('makes no call in the future, and none before the lead was handed out', async () => {
    const future = await t.database.db
      .selectFrom('lead_attempts')
      .select(['id', 'created_at'])
      .where('created_at', '>', finishedAt)
      .execute();
    expect(future).toEqual([]);
    const early = await t.database.db
      .selectFrom('lead_attempts as a')
      .innerJoin('leads as l', 'l.id', 'a.lead_id')
      .select(['a.id'])
      .where((eb) =>
        eb.or([
          eb('a.created_at', '<', eb.ref('l.created_at')),
          eb('a.created_at', '<', eb.ref('l.assigned_at')),
        ]),
      )
      .execute();
    expect(early).toEqual([]);
  });

  it("leaves each lead where the assessor's list sorts it: call-backs and retries wait", async () => {
    const waiting = await t.database.db
      .selectFrom('leads')
      .select(['id', 'status', 'callback_at', 'next_call_at', 'next_call_reason'])
      .where('status', 'in', ['yellow', 'no_answer'])
      .execute();
    expect(waiting.length).toBeGreaterThan(0);
    const misplaced = waiting.filter((lead) =>
      lead.status === 'yellow'
        ? lead.next_call_reason === null || lead.next_call_at < (lead.callback_at as Date)
        : lead.next_call_reason === null,
    );
    expect(misplaced.slice(0, 5)).toEqual([]);
  });

  it('hands the leads out in distributions on several days, with the audit rows the app writes', async () => {
    const { db } = t.database;
    const distributions = await db.selectFrom('distributions').selectAll().execute();
    const days = new Set(distributions.map((row) => localTimeIn('DF', row.created_at).day));
    expect(days.size).toBeGreaterThan(5);
    const shares = await db
      .selectFrom('distribution_shares')
      .select(['distribution_id', 'assigned'])
      .execute();
    const handedOut = await db
      .selectFrom('lead_history')
      .select(['reason'])
      .where('to_status', '=', 'assigned')
      .execute();
    for (const distribution of distributions) {
      const shared = shares
        .filter((share) => share.distribution_id === distribution.id)
        .reduce((sum, share) => sum + share.assigned, 0);
      expect(shared).toBe(distribution.assigned);
      expect(
        handedOut.filter((row) => row.reason === `Distribuição #${distribution.id}`).length,
      ).toBe(distribution.assigned);
    }
    const audit = await db.selectFrom('audit_log').select(['action', 'target_id']).execute();
    const batches = await db.selectFrom('import_batches').select('id').execute();
    const targets = (action: string) =>
      audit.filter((row) => row.action === action).map((row) => row.target_id);
    expect(targets('import.started').sort()).toEqual(batches.map((row) => String(row.id)).sort());
    expect(targets('distribution.created').sort()).toEqual(
      distributions.map((row) => String(row.id)).sort(),
    );
    expect(targets('recycle.run')).toHaveLength(1);
    const recycled = await db
      .selectFrom('lead_history')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('reason', '=', 'Reciclagem')
      .executeTakeFirstOrThrow();
    expect(Number(recycled.count)).toBeGreaterThan(0);
  });

  it('leaves the data as the app would: every invariant of the stored data holds', async () => {
    expect(await invariantViolations(t.database.db)).toEqual([]);
  });

  it('puts the assessors in two teams with a supervisor each, their days in an unbroken state log', async () => {
    const db = t.database.db;
    const teams = await db
      .selectFrom('teams')
      .innerJoin('team_supervisors', 'team_supervisors.team_id', 'teams.id')
      .innerJoin('users as supervisor', 'supervisor.id', 'team_supervisors.supervisor_id')
      .select(['teams.name', 'supervisor.email', 'supervisor.role'])
      .orderBy('teams.name')
      .execute();
    expect(teams).toEqual([
      { name: 'Equipe Alfa', email: 'supervisor1@cca.local', role: 'supervisor' },
      { name: 'Equipe Beta', email: 'supervisor2@cca.local', role: 'supervisor' },
    ]);
    const members = await db
      .selectFrom('users')
      .select('email')
      .where('team_id', 'is not', null)
      .orderBy('email')
      .execute();
    expect(members.map((row) => row.email)).toEqual(assessorEmails);

    const spans = await db
      .selectFrom('agent_state_log')
      .selectAll()
      .orderBy('user_id')
      .orderBy('started_at')
      .orderBy('id')
      .execute();
    expect(spans.length).toBeGreaterThan(5 * 20);
    for (const [index, span] of spans.entries()) {
      const next = spans[index + 1];
      if (next?.user_id === span.user_id) {
        // Each state ends where the next begins, never after now.
        expect(span.ended_at, `${span.user_id} ${span.state}`).toEqual(next.started_at);
      } else {
        expect(span.ended_at).toBeNull();
        const now = await db
          .selectFrom('agent_states')
          .selectAll()
          .where('user_id', '=', span.user_id)
          .executeTakeFirstOrThrow();
        expect([now.state, now.since]).toEqual([span.state, span.started_at]);
      }
      expect(span.started_at.getTime()).toBeLessThanOrEqual(finishedAt.getTime());
      expect(span.state === 'paused').toBe(span.pause_reason_id !== null);
    }
    // Every call ends a span on a call: the handling time is the span's length.
    const calls = await db
      .selectFrom('lead_attempts')
      .select(['assessor_id', 'created_at'])
      .execute();
    const onCallEnds = new Set(
      spans
        .filter((span) => span.state === 'on_call')
        .map((s) => `${s.user_id} ${s.ended_at?.getTime()}`),
    );
    const unmatched = calls.filter(
      (c) => !onCallEnds.has(`${c.assessor_id} ${c.created_at.getTime()}`),
    );
    expect(unmatched).toEqual([]);
  });

  it('refuses to run again on the same base, in pt-BR, changing nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('leads')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      );
    const before = await count();
    const again = run('node_modules/.bin/tsx', ['scripts/demo.ts'], {
      env: { ...process.env, DATABASE_URL: t.database.connectionString, DEMO_LEADS: '20' },
    });
    await expect(again).rejects.toMatchObject({
      stderr: expect.stringContaining('A demonstração já foi gerada nesta base'),
    });
    expect(await count()).toBe(before);
  });

  it('makes the same centre from the same seed', () => {
    const plan = () => {
      const random = demoRandom(7);
      const people = demoPeople(random, 8, 300, new Set());
      return planDemo({
        people,
        assessors: 3,
        now: new Date('2026-11-25T18:00:00Z'),
        random,
        calendar: storedCallingCalendar(null),
        rules: defaultContactRules,
      });
    };
    const [first, second] = [plan(), plan()];
    expect(first.attempts.length).toBeGreaterThan(50);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it("gives every day of the month the same figures for the dashboard's sources and the assessors' rows", async () => {
    // What the dashboard reads for a day (the distributions' shares, the daily call counts the
    // triggers keep) against the rows the assessor's page counts (hand-overs, calls).
    const mismatches = await sql<Record<string, unknown>>`
      with shared as (
        select (d.created_at at time zone 'America/Sao_Paulo')::date as day, s.assessor_id,
          sum(s.assigned)::int as n
        from distribution_shares s join distributions d on d.id = s.distribution_id
        group by 1, 2 having sum(s.assigned) > 0
      ), handed as (
        select (changed_at at time zone 'America/Sao_Paulo')::date as day,
          to_owner_id as assessor_id, count(*)::int as n
        from lead_history where to_status = 'assigned' group by 1, 2
      ), counted as (
        select day, assessor_id, sum(attempts)::int as n from attempt_daily_count_deltas
        group by 1, 2 having sum(attempts) <> 0
      ), called as (
        select (created_at at time zone 'America/Sao_Paulo')::date as day, assessor_id,
          count(*)::int as n
        from lead_attempts group by 1, 2
      )
      select 'handed' as what, * from (
        (select * from shared except select * from handed)
        union all (select * from handed except select * from shared)) x
      union all
      select 'called', * from (
        (select * from counted except select * from called)
        union all (select * from called except select * from counted)) y
    `.execute(t.database.db);
    expect(mismatches.rows).toEqual([]);
  });

  it("gives today the same figures on the dashboard and on the assessors' pages", async () => {
    const dashboard = (await t.as(await t.signInAsAdmin()).get('/api/dashboard')).json<Dashboard>();
    let received = 0;
    for (const email of assessorEmails) {
      const cookie = await t.signIn(email, 'Assessor-demo-2026');
      const mine = (await t.as(cookie).get('/api/my-leads')).json<MyLeads>();
      const user = await t.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const onDashboard = dashboard.assessors.find((assessor) => assessor.id === user.id);
      expect(onDashboard?.distributedToday ?? 0, email).toBe(mine.today.received);
      const calls = await t.database.db
        .selectFrom('lead_attempts')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('assessor_id', '=', user.id)
        // Midnight in São Paulo, the test app's time zone (UTC−3 all year since 2019).
        .where('created_at', '>=', new Date(`${dashboard.today}T03:00:00Z`))
        .executeTakeFirstOrThrow();
      expect(onDashboard?.attendedToday ?? 0, email).toBe(Number(calls.count));
      received += mine.today.received;
    }
    expect(dashboard.todayTotals.distributed).toBe(received);
  });
});
