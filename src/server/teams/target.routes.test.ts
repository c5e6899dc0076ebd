import { beforeAll, describe, expect, it } from 'vitest';
import { businessState } from '../testing/business-state.ts';
import { setUpTestApp } from '../testing/set-up-test-app.ts';
import type { TestUser } from '../testing/test-app.ts';

const context = setUpTestApp({
  assessors: { ana: 'Ana Souza', bruno: 'Bruno Lima' },
});

const admin = () => context.t.as(context.admin);
const unchanged = () => businessState(context.t.database.db);

const someTargets = {
  day: { accepted: 10, calls: 120 },
  month: { accepted: 200, calls: null },
};

let supervisor: TestUser;
let ownTeam: number;
let otherTeam: number;

beforeAll(async () => {
  supervisor = await context.t.createSignedInUser('supervisor', 'Sônia Supervisora');
  const own = await admin().post('/api/teams', {
    name: 'Equipe da Sônia',
    assessorIds: [context.ana.id],
    supervisorIds: [supervisor.id],
  });
  const other = await admin().post('/api/teams', {
    name: 'Outra Equipe',
    assessorIds: [context.bruno.id],
  });
  ownTeam = own.json().id;
  otherTeam = other.json().id;
});

describe('targets', () => {
  it("sets a team's targets, null for none, audited with what changed", async () => {
    const response = await admin().put(`/api/targets/teams/${ownTeam}`, someTargets);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(someTargets);
    const list = (await admin().get('/api/targets')).json();
    expect(list.targets).toEqual([
      { teamId: ownTeam, assessorId: null, period: 'day', metric: 'accepted', value: 10 },
      { teamId: ownTeam, assessorId: null, period: 'day', metric: 'calls', value: 120 },
      { teamId: ownTeam, assessorId: null, period: 'month', metric: 'accepted', value: 200 },
    ]);
    const audit = await context.t.database.db
      .selectFrom('audit_log')
      .select(['target_type', 'target_id', 'details'])
      .where('action', '=', 'targets.changed')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ target_type: 'team', target_id: String(ownTeam) });
    expect(audit.details).toMatchObject({
      team: 'Equipe da Sônia',
      changes: { 'day.calls': { from: null, to: 120 } },
    });
  });

  it('clears a target sent as null and keeps the others', async () => {
    const response = await admin().put(`/api/targets/teams/${ownTeam}`, {
      ...someTargets,
      day: { accepted: 12, calls: null },
    });
    expect(response.json().day).toEqual({ accepted: 12, calls: null });
    const rows = await context.t.database.db
      .selectFrom('targets')
      .select(['period', 'metric', 'value'])
      .where('team_id', '=', ownTeam)
      .orderBy('period')
      .orderBy('metric')
      .execute();
    expect(rows).toEqual([
      { period: 'day', metric: 'accepted', value: 12 },
      { period: 'month', metric: 'accepted', value: 200 },
    ]);
  });

  it("lets a supervisor set its team's and its assessors' targets", async () => {
    const client = context.t.as(supervisor);
    const team = await client.put(`/api/targets/teams/${ownTeam}`, someTargets);
    expect(team.statusCode).toBe(200);
    const assessor = await client.put(`/api/targets/assessors/${context.ana.id}`, {
      day: { accepted: 3, calls: 40 },
      month: { accepted: null, calls: null },
    });
    expect(assessor.statusCode, assessor.body).toBe(200);
    await admin().put(`/api/targets/teams/${otherTeam}`, someTargets);
    await admin().put(`/api/targets/assessors/${context.bruno.id}`, someTargets);
    const seen = (await client.get('/api/targets')).json().targets as {
      teamId: number | null;
      assessorId: string | null;
    }[];
    expect(new Set(seen.map((target) => target.teamId ?? target.assessorId))).toEqual(
      new Set([ownTeam, context.ana.id]),
    );
    const all = (await admin().get('/api/targets')).json().targets;
    expect(all).toHaveLength(3 + 2 + 3 + 3);
  });

  it('answers 404 to a supervisor on another team or its assessor, and changes nothing', async () => {
    const client = context.t.as(supervisor);
    const before = await unchanged();
    const answers = [
      await client.put(`/api/targets/teams/${otherTeam}`, someTargets),
      await client.put(`/api/targets/assessors/${context.bruno.id}`, someTargets),
      await client.put(`/api/targets/assessors/${supervisor.id}`, someTargets),
      await client.put(`/api/targets/teams/999999`, someTargets),
    ];
    for (const response of answers) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error.message).toMatch(/não encontrad[ao]\.$/);
    }
    expect(await unchanged()).toEqual(before);
  });

  it('answers 404 to an admin naming someone who is not an assessor', async () => {
    const before = await unchanged();
    const response = await admin().put(`/api/targets/assessors/${supervisor.id}`, someTargets);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Assessor não encontrado.');
    expect(await unchanged()).toEqual(before);
  });

  it('refuses an assessor on every target route with 403', async () => {
    const client = context.t.as(context.ana);
    const before = await unchanged();
    expect((await client.get('/api/targets')).statusCode).toBe(403);
    expect((await client.put(`/api/targets/teams/${ownTeam}`, someTargets)).statusCode).toBe(403);
    const own = await client.put(`/api/targets/assessors/${context.ana.id}`, someTargets);
    expect(own.statusCode).toBe(403);
    expect(await unchanged()).toEqual(before);
  });

  it.each([
    [{ day: { accepted: 0, calls: null }, month: someTargets.month }, 'A meta é de pelo menos 1.'],
    [{ day: { accepted: 1.5, calls: null }, month: someTargets.month }, 'número inteiro'],
    [{ day: { accepted: 'dez', calls: null }, month: someTargets.month }, 'A meta é um número.'],
    [{ day: { accepted: 2_000_000, calls: null }, month: someTargets.month }, '1.000.000'],
    [{ day: someTargets.day }, ''],
    [{ ...someTargets, week: { accepted: 1, calls: 1 } }, ''],
  ])('refuses %j with 400 in pt-BR and changes nothing', async (body, message) => {
    const before = await unchanged();
    const response = await admin().put(`/api/targets/teams/${ownTeam}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
    expect(await unchanged()).toEqual(before);
  });

  it("keeps an assessor's targets when it moves team, and drops the team's with the team", async () => {
    await admin().patch(`/api/teams/${otherTeam}`, { assessorIds: [context.ana.id] });
    const client = context.t.as(supervisor);
    // Ana left the supervisor's team: its targets are out of reach now.
    const moved = await client.put(`/api/targets/assessors/${context.ana.id}`, someTargets);
    expect(moved.statusCode).toBe(404);
    await admin().delete(`/api/teams/${otherTeam}`);
    const left = (await admin().get('/api/targets')).json().targets as { teamId: number }[];
    expect(left.some((target) => target.teamId === otherTeam)).toBe(false);
    expect(left.filter((target) => target.teamId === null)).toHaveLength(5);
  });
});
