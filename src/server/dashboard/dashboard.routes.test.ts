import { describe, expect, it } from 'vitest';
import type { Dashboard } from '../../core/dashboard.ts';
import { attemptOutcomes, leadStatuses } from '../../core/lead-status.ts';
import { buildApp } from '../app.ts';
import { InvalidEnvError, readEnv } from '../config/env.ts';
import { testAuthSecret, testEnv } from '../testing/test-app.ts';
import { setUpDashboardTestApp } from './fixtures/dashboard-test-app.ts';

/** A zero for each key: every status and outcome of the registry is counted, most of them 0. */
const none = (keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, 0]));

const { context, seedAttempts, seedDistribution, readDashboard, expectSummariesExact } =
  setUpDashboardTestApp();

describe('GET /api/dashboard', () => {
  it('is for admins: 401 signed out, 403 for an assessor', async () => {
    expect((await context.t.app.inject({ url: '/api/dashboard' })).statusCode).toBe(401);
    const forbidden = await context.t.as(context.ana).get('/api/dashboard');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await context.t.app.inject({ url: '/api/openapi.json' })).json();
    const operation = document.paths['/api/dashboard'].get;
    expect(operation.security).toEqual([{ sessionCookie: ['admin', 'supervisor'] }]);
    expect(operation.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'attemptsByDay',
    );
  });

  it('counts a fresh team as empty, with 30 days of zeros', async () => {
    await context.t.database.db
      .updateTable('users')
      .set({ active: false })
      .where('role', '=', 'assessor')
      .execute();
    const dashboard = await readDashboard();
    expect(dashboard.totalLeads).toBe(0);
    expect(dashboard.activeAssessors).toBe(0);
    expect(dashboard.assessors).toEqual([]);
    expect(dashboard.attemptsByDay).toHaveLength(30);
    expect(dashboard.attemptsByDay.every((day) => day.total === 0)).toBe(true);
    expect(dashboard.todayTotals).toEqual({
      distributed: 0,
      calls: 0,
      contacts: 0,
      accepted: 0,
      conversionRate: null,
      attended: 0,
      outOfHours: 0,
    });
  });

  it('gives the hand-counted figures, with days cut at midnight in São Paulo', async () => {
    // Noon of 10/03/2026 in São Paulo (UTC−3): today runs from 03:00Z to 03:00Z next day.
    context.clock = Date.parse('2026-03-10T15:00:00Z');
    await context.t.database.db
      .updateTable('users')
      .set({ active: false })
      .where('id', '=', context.carla.id)
      .execute();

    await context.t.seedLeads(3);
    await context.t.seedLeads(2, { status: 'recycled', last_owner_id: context.ana.id });
    const [anaLead] = await context.t.seedLeads(2, {
      status: 'assigned',
      owner_id: context.ana.id,
    });
    await context.t.seedLeads(1, { status: 'green', owner_id: context.ana.id });
    const [brunoLead] = await context.t.seedLeads(1, { status: 'red', owner_id: context.bruno.id });
    await context.t.seedLeads(1, { status: 'invalid' });
    const a = anaLead as number;
    const b = brunoLead as number;
    await seedAttempts([
      // 09/03 23:30 in São Paulo: yesterday, though it is already the 10th in UTC.
      {
        lead_id: a,
        assessor_id: context.ana.id,
        outcome: 'green',
        created_at: new Date('2026-03-10T02:30:00Z'),
      },
      // 10/03 00:30: today.
      {
        lead_id: a,
        assessor_id: context.ana.id,
        outcome: 'green',
        created_at: new Date('2026-03-10T03:30:00Z'),
      },
      {
        lead_id: a,
        assessor_id: context.ana.id,
        outcome: 'red',
        created_at: new Date('2026-03-10T14:00:00Z'),
      },
      // 10/03 23:59: still today, though the 11th in UTC.
      {
        lead_id: a,
        assessor_id: context.ana.id,
        outcome: 'no_answer',
        created_at: new Date('2026-03-11T02:59:00Z'),
      },
      // 11/03 00:00: tomorrow, outside the chart.
      {
        lead_id: a,
        assessor_id: context.ana.id,
        outcome: 'green',
        created_at: new Date('2026-03-11T03:00:00Z'),
      },
      {
        lead_id: b,
        assessor_id: context.bruno.id,
        outcome: 'yellow',
        created_at: new Date('2026-03-10T12:00:00Z'),
      },
      // 09/02: the first day of the 30; 08/02 is one too old.
      {
        lead_id: b,
        assessor_id: context.bruno.id,
        outcome: 'green',
        created_at: new Date('2026-02-09T03:00:00Z'),
      },
      {
        lead_id: b,
        assessor_id: context.bruno.id,
        outcome: 'red',
        created_at: new Date('2026-02-09T02:59:00Z'),
      },
    ]);
    // 09/03 23:00 in São Paulo (yesterday), then 10/03 00:10 (today).
    await seedDistribution('2026-03-10T02:00:00Z', [[context.ana.id, 5]]);
    await seedDistribution('2026-03-10T03:10:00Z', [
      [context.ana.id, 2],
      [context.bruno.id, 3],
    ]);

    const dashboard = await readDashboard();
    expect(dashboard.today).toBe('2026-03-10');
    expect(dashboard.timeZone).toBe('America/Sao_Paulo');
    expect(dashboard.statusCounts).toEqual({
      ...none(leadStatuses),
      new: 3,
      assigned: 2,
      green: 1,
      red: 1,
      invalid: 1,
      recycled: 2,
    });
    expect(dashboard.totalLeads).toBe(10);
    expect(dashboard.pool).toEqual({ new: 3, recycled: 2, total: 5 });
    // Four calls, three contacts (the "Não atendeu" reached nobody), one aceite.
    expect(dashboard.todayTotals).toEqual({
      distributed: 5,
      calls: 4,
      contacts: 3,
      accepted: 1,
      conversionRate: 1 / 3,
      attended: 4,
      outOfHours: 0,
    });

    const days = dashboard.attemptsByDay;
    expect(days).toHaveLength(30);
    expect(days[0]?.day).toBe('2026-02-09');
    expect(days[29]?.day).toBe('2026-03-10');
    const byDay = new Map(days.map((day) => [day.day, day]));
    expect(byDay.get('2026-02-09')).toMatchObject({ green: 1, red: 0, total: 1 });
    expect(byDay.get('2026-03-09')).toMatchObject({ green: 1, total: 1 });
    expect(byDay.get('2026-03-10')).toEqual({
      ...none(attemptOutcomes),
      day: '2026-03-10',
      green: 1,
      yellow: 1,
      red: 1,
      no_answer: 1,
      total: 4,
    });
    expect(days.reduce((sum, day) => sum + day.total, 0)).toBe(6);

    expect(dashboard.activeAssessors).toBe(2);
    expect(dashboard.assessors).toEqual([
      {
        id: context.ana.id,
        name: 'Ana',
        active: true,
        dailyQuota: 100,
        distributed: 2,
        calls: 3,
        contacts: 2,
        accepted: 1,
        conversionRate: 0.5,
        distributedToday: 2,
        attendedToday: 3,
        acceptedToday: 1,
        lastActivityAt: '2026-03-11T03:00:00.000Z',
      },
      {
        id: context.bruno.id,
        name: 'Bruno',
        active: true,
        dailyQuota: 100,
        distributed: 3,
        calls: 1,
        contacts: 1,
        accepted: 0,
        conversionRate: 0,
        distributedToday: 3,
        attendedToday: 1,
        acceptedToday: 0,
        lastActivityAt: '2026-03-10T12:00:00.000Z',
      },
    ]);

    // A minute before midnight the day is still the 10th; at midnight it is the 11th.
    context.clock = Date.parse('2026-03-11T02:59:00Z');
    expect((await readDashboard()).today).toBe('2026-03-10');
    context.clock = Date.parse('2026-03-11T03:00:00Z');
    const tomorrow = await readDashboard();
    expect(tomorrow.today).toBe('2026-03-11');
    expect(tomorrow.attemptsByDay[0]?.day).toBe('2026-02-10');
    expect(tomorrow.todayTotals).toMatchObject({
      distributed: 0,
      calls: 1,
      contacts: 1,
      accepted: 1,
      conversionRate: 1,
    });
    await expectSummariesExact();
  });

  it('counts days again in another zone when TIME_ZONE changes', async () => {
    const [lead] = await context.t.seedLeads(1, { status: 'assigned', owner_id: context.ana.id });
    await seedAttempts([
      {
        lead_id: lead as number,
        assessor_id: context.ana.id,
        outcome: 'green',
        created_at: new Date('2026-03-10T02:30:00Z'),
      },
    ]);
    const inZone = async (timeZone: string) => {
      const app = await buildApp({
        env: { ...testEnv, timeZone },
        database: context.t.database,
        mailer: { send: async () => {} },
        authSecret: testAuthSecret,
        now: () => Date.parse('2026-03-10T15:00:00Z'),
      });
      const response = await app.inject({
        url: '/api/dashboard',
        headers: { cookie: context.adminCookie },
      });
      await app.close();
      return response.json() as Dashboard;
    };
    const utc = await inZone('UTC');
    expect(utc.timeZone).toBe('UTC');
    expect(utc.todayTotals.attended).toBe(1);
    expect(utc.attemptsByDay.at(-1)).toMatchObject({ day: '2026-03-10', green: 1 });
    // Back to São Paulo, where that call was on the 9th.
    const saoPaulo = await inZone('America/Sao_Paulo');
    expect(saoPaulo.todayTotals.attended).toBe(0);
    expect(saoPaulo.attemptsByDay.at(-2)).toMatchObject({ day: '2026-03-09', green: 1 });
    await expectSummariesExact();
  });
});

describe('TIME_ZONE', () => {
  it('defaults to São Paulo and refuses a zone that does not exist', () => {
    expect(readEnv({}).timeZone).toBe('America/Sao_Paulo');
    expect(readEnv({ TIME_ZONE: 'America/Manaus' }).timeZone).toBe('America/Manaus');
    expect(() => readEnv({ TIME_ZONE: 'Marte/Base_Alfa' })).toThrow(InvalidEnvError);
    expect(() => readEnv({ TIME_ZONE: 'Marte/Base_Alfa' })).toThrow(/TIME_ZONE/);
  });
});
