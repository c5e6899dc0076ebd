import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Wallboard, WallboardAssessor } from '../../core/wallboard.ts';
import { defaultTimeZone } from '../config/env.ts';
import { compactSummaries } from '../dashboard/index.ts';
import { setUpTestApp } from '../testing/set-up-test-app.ts';
import type { TestUser } from '../testing/test-app.ts';

/** The app's clock, set to the test's day before each test. */
let clock = Date.now();
const context = setUpTestApp({
  app: { now: () => clock, deps: { wallboardRefreshMs: 0 } },
  assessors: { ana: 'Ana', bruno: 'Bruno', carla: 'Carla', davi: 'Davi' },
});

/** 15:00 of 10/03/2026 in São Paulo (UTC−3): the day started at 03:00 UTC. */
const now = Date.parse('2026-03-10T18:00:00Z');
const at = (time: string) => new Date(`2026-03-10T${time}Z`);

let norte: number;
let sul: number;
let supervisorNorte: TestUser;
let supervisorSul: TestUser;

beforeAll(async () => {
  const db = context.t.database.db;
  const teams = await db
    .insertInto('teams')
    .values([{ name: 'Norte' }, { name: 'Sul' }])
    .returning('id')
    .execute();
  norte = teams[0]?.id as number;
  sul = teams[1]?.id as number;
  await db
    .updateTable('users')
    .set({ team_id: norte })
    .where('id', 'in', [context.ana.id, context.bruno.id])
    .execute();
  await db.updateTable('users').set({ team_id: sul }).where('id', '=', context.carla.id).execute();
  supervisorNorte = await context.t.createSignedInUser('supervisor', 'Sônia');
  supervisorSul = await context.t.createSignedInUser('supervisor', 'Sérgio');
  await db
    .insertInto('team_supervisors')
    .values([
      { team_id: norte, supervisor_id: supervisorNorte.id },
      { team_id: sul, supervisor_id: supervisorSul.id },
    ])
    .execute();
});

beforeEach(async () => {
  clock = now;
  const db = context.t.database.db;
  await db.deleteFrom('lead_attempts').execute();
  await db.deleteFrom('leads').execute();
  await db.deleteFrom('agent_state_log').execute();
  await db.deleteFrom('agent_states').execute();
  await db.deleteFrom('targets').execute();
});

async function read(cookie = context.adminCookie): Promise<Wallboard> {
  const response = await context.t.as(cookie).get('/api/wallboard');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Wallboard;
}

function assessor(board: Wallboard, id: string): WallboardAssessor {
  const found = board.teams.flatMap((team) => team.assessors).find((row) => row.id === id);
  if (!found) throw new Error(`assessor ${id} not on the wallboard`);
  return found;
}

/** Ana's day: in since 12:00 (09:00 local), a pause, two calls on the phone, a call now. */
async function seedAnasDay() {
  const db = context.t.database.db;
  const leads = await context.t.seedLeads(5, {
    status: 'assigned',
    owner_id: context.ana.id,
    assigned_at: at('12:00:00'),
  });
  const calls = [
    ['green', '12:10:00'],
    ['red', '12:20:00'],
    ['no_answer', '12:30:00'],
    ['wrong_person', '13:00:00'],
  ] as const;
  await db
    .insertInto('lead_attempts')
    .values(
      calls.map(([outcome, time], index) => ({
        lead_id: leads[index] as number,
        assessor_id: context.ana.id,
        outcome,
        channel: 'phone' as const,
        created_at: at(time),
      })),
    )
    .execute();
  // Yesterday's call counts for nothing today.
  await db
    .insertInto('lead_attempts')
    .values({
      lead_id: leads[4] as number,
      assessor_id: context.ana.id,
      outcome: 'green',
      channel: 'phone',
      created_at: new Date('2026-03-09T20:00:00Z'),
    })
    .execute();
  await db
    .updateTable('leads')
    .set({ status: 'green' })
    .where('id', '=', leads[0] as number)
    .execute();
  const coffee = await db
    .selectFrom('pause_reasons')
    .select('id')
    .where('name', '=', 'Café')
    .executeTakeFirstOrThrow();
  const log = (
    state: 'available' | 'on_call' | 'paused' | 'disconnected',
    from: string,
    to: string | null,
    pause: number | null = null,
  ) => ({
    user_id: context.ana.id,
    state,
    pause_reason_id: pause,
    started_at: from.includes('T') ? new Date(from) : at(from),
    ended_at: to === null ? null : at(to),
  });
  await db
    .insertInto('agent_state_log')
    .values([
      // Yesterday evening's disconnection runs into today: not worked time.
      log('disconnected', '2026-03-09T22:00:00Z', '12:00:00'),
      log('available', '12:00:00', '12:05:00'),
      log('on_call', '12:05:00', '12:10:00'), // 300 s
      log('available', '12:10:00', '12:15:00'),
      log('on_call', '12:15:00', '12:20:00'), // 300 s
      log('available', '12:20:00', '12:28:00'),
      log('on_call', '12:28:00', '12:30:00'), // 120 s
      log('paused', '12:30:00', '13:30:00', coffee.id),
      log('available', '13:30:00', '17:59:00'),
      // Open since a minute: not an ended call, but worked time.
      log('on_call', '17:59:00', null),
    ])
    .execute();
  await db
    .insertInto('agent_states')
    .values({
      user_id: context.ana.id,
      state: 'on_call',
      since: at('17:59:00'),
      seen_at: at('17:59:30'),
    })
    .execute();
  return leads;
}

describe('GET /api/wallboard', () => {
  it("shows an assessor's day: calls, contacts, aceites, conversion, AHT, calls per hour worked and leads left", async () => {
    await seedAnasDay();
    const ana = assessor(await read(), context.ana.id);
    expect(ana).toMatchObject({
      name: 'Ana',
      state: 'on_call',
      since: at('17:59:00').toISOString(),
      pauseReason: null,
      calls: 4,
      // Aceitou, Não aceitou, Não conhece: someone answered; Não atendeu: nobody.
      contacts: 3,
      accepted: 1,
      leadsLeft: 4,
    });
    expect(ana.conversionRate).toBeCloseTo(1 / 3);
    // Three calls ended today: 300, 300 and 120 s; the open one is not counted.
    expect(ana.averageHandlingSeconds).toBeCloseTo(240);
    // 12:00 to 18:00 is 6 h, minus the hour of pause: 4 calls in 5 h.
    expect(ana.callsPerHour).toBeCloseTo(4 / 5);

    // The times come from the states' daily summary: folded, it says the same.
    await compactSummaries(context.t.database, defaultTimeZone, new Date(now));
    expect(assessor(await read(), context.ana.id)).toEqual(ana);
  });

  it('shows a pause with its reason and limit, and an assessor never seen as disconnected', async () => {
    const db = context.t.database.db;
    const coffee = await db
      .selectFrom('pause_reasons')
      .select(['id', 'name', 'limit_minutes'])
      .where('name', '=', 'Café')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('agent_states')
      .values({
        user_id: context.bruno.id,
        state: 'paused',
        pause_reason_id: coffee.id,
        since: at('17:30:00'),
        seen_at: at('17:59:00'),
      })
      .execute();
    const board = await read();
    expect(assessor(board, context.bruno.id)).toMatchObject({
      state: 'paused',
      since: at('17:30:00').toISOString(),
      pauseReason: { id: coffee.id, name: 'Café', limitMinutes: 15 },
      calls: 0,
      conversionRate: null,
      averageHandlingSeconds: null,
      callsPerHour: null,
    });
    expect(assessor(board, context.carla.id)).toMatchObject({ state: 'disconnected', since: null });
  });

  it("sums each team and gives its day targets and each assessor's own", async () => {
    await seedAnasDay();
    const db = context.t.database.db;
    await db
      .insertInto('targets')
      .values([
        { team_id: norte, period: 'day', metric: 'accepted', value: 10 },
        { team_id: norte, period: 'day', metric: 'calls', value: 200 },
        { team_id: norte, period: 'month', metric: 'calls', value: 4000 },
        { assessor_id: context.ana.id, period: 'day', metric: 'calls', value: 80 },
      ])
      .execute();
    const board = await read();
    expect(board.today).toBe('2026-03-10');
    const team = board.teams.find((row) => row.id === norte);
    expect(team?.targets).toEqual({ accepted: 10, calls: 200 });
    expect(team?.totals).toMatchObject({ calls: 4, contacts: 3, accepted: 1, leadsLeft: 4 });
    expect(team?.assessors.map((row) => row.name)).toEqual(['Ana', 'Bruno']);
    expect(assessor(board, context.ana.id).targets).toEqual({ accepted: null, calls: 80 });
    expect(board.teams.find((row) => row.id === sul)?.targets).toEqual({
      accepted: null,
      calls: null,
    });
  });

  it('shows an administrator every team and the assessors without one, last', async () => {
    const board = await read();
    expect(board.teams.map((team) => team.name)).toEqual(['Norte', 'Sul', 'Sem equipe']);
    expect(board.teams.at(-1)).toMatchObject({ id: null });
    expect(board.teams.at(-1)?.assessors.map((row) => row.name)).toEqual(['Davi']);
  });

  it('shows a supervisor its teams only, however the shared snapshot was read', async () => {
    await seedAnasDay();
    const [sonia, sergio, admin] = await Promise.all([
      read(supervisorNorte.cookie),
      read(supervisorSul.cookie),
      read(),
    ]);
    expect(sonia.teams.map((team) => team.name)).toEqual(['Norte']);
    expect(sonia.teams[0]?.assessors.map((row) => row.id)).toEqual([
      context.ana.id,
      context.bruno.id,
    ]);
    expect(sergio.teams.map((team) => team.name)).toEqual(['Sul']);
    expect(JSON.stringify(sergio)).not.toContain(context.ana.id);
    expect(admin.teams).toHaveLength(3);
  });

  it('answers 403 to an assessor and 401 without a session', async () => {
    const denied = await context.t.as(context.ana.cookie).get('/api/wallboard');
    expect(denied.statusCode).toBe(403);
    const anonymous = await context.t.app.inject({ url: '/api/wallboard' });
    expect(anonymous.statusCode).toBe(401);
  });
});
