import { describe, expect, it } from 'vitest';
import { businessState } from '../testing/business-state.ts';
import { setUpTestApp } from '../testing/set-up-test-app.ts';
import type { TestUser } from '../testing/test-app.ts';

const context = setUpTestApp({
  assessors: { ana: 'Ana Souza', bruno: 'Bruno Lima', carla: 'Carla Dias' },
});

const admin = () => context.t.as(context.admin);
const unchanged = () => businessState(context.t.database.db);

async function lastAudit(action: string) {
  return context.t.database.db
    .selectFrom('audit_log')
    .select(['action', 'target_id', 'details'])
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

async function teamIdOf(userId: string) {
  const row = await context.t.database.db
    .selectFrom('users')
    .select('team_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.team_id;
}

let supervisor: TestUser;
let otherSupervisor: TestUser;
let teamA: number;
let teamB: number;

describe('teams', () => {
  it('creates a team with its assessors and supervisors, audited', async () => {
    supervisor = await context.t.createSignedInUser('supervisor', 'Sônia Supervisora');
    otherSupervisor = await context.t.createSignedInUser('supervisor', 'Otávio Supervisor');
    const response = await admin().post('/api/teams', {
      name: '  Equipe Norte ',
      assessorIds: [context.ana.id, context.bruno.id],
      supervisorIds: [supervisor.id],
    });
    expect(response.statusCode).toBe(201);
    const team = response.json();
    teamA = team.id;
    expect(team).toEqual({
      id: teamA,
      name: 'Equipe Norte',
      assessors: [
        { id: context.ana.id, name: 'Ana Souza' },
        { id: context.bruno.id, name: 'Bruno Lima' },
      ],
      supervisors: [{ id: supervisor.id, name: 'Sônia Supervisora' }],
      moved: [],
    });
    expect(await teamIdOf(context.ana.id)).toBe(teamA);
    const audit = await lastAudit('team.created');
    expect(audit?.target_id).toBe(String(teamA));
    expect(audit?.details).toEqual({
      name: 'Equipe Norte',
      assessors: ['Ana Souza', 'Bruno Lima'],
      supervisors: ['Sônia Supervisora'],
    });
  });

  it('moves an assessor put in another team out of its old one, and says so', async () => {
    const response = await admin().post('/api/teams', {
      name: 'Equipe Sul',
      assessorIds: [context.bruno.id, context.carla.id],
      supervisorIds: [otherSupervisor.id],
    });
    expect(response.statusCode).toBe(201);
    teamB = response.json().id;
    expect(response.json().moved).toEqual([
      { id: context.bruno.id, name: 'Bruno Lima', fromTeam: 'Equipe Norte' },
    ]);
    expect(await teamIdOf(context.bruno.id)).toBe(teamB);
    expect((await lastAudit('team.created'))?.details).toMatchObject({
      moved: ['Bruno Lima (de Equipe Norte)'],
    });
    const list = (await admin().get('/api/teams')).json();
    expect(list.teams.map((team: { name: string }) => team.name)).toEqual([
      'Equipe Norte',
      'Equipe Sul',
    ]);
    expect(list.teams[0].assessors).toEqual([{ id: context.ana.id, name: 'Ana Souza' }]);
  });

  it('refuses a name another team has, in any case, with 409 and nothing changed', async () => {
    const before = await unchanged();
    const created = await admin().post('/api/teams', { name: 'EQUIPE NORTE' });
    expect(created.statusCode).toBe(409);
    expect(created.json().error.message).toBe('Já existe uma equipe com esse nome.');
    const renamed = await admin().patch(`/api/teams/${teamB}`, { name: 'equipe norte' });
    expect(renamed.statusCode).toBe(409);
    expect(await unchanged()).toEqual(before);
  });

  it.each([
    ['an admin as assessor', () => ({ assessorIds: [context.adminId] }), 'Só assessores'],
    ['an assessor as supervisor', () => ({ supervisorIds: [context.ana.id] }), 'Só usuários'],
    ['an unknown assessor', () => ({ assessorIds: ['nao-existe'] }), 'Só assessores'],
    ['an unknown supervisor', () => ({ supervisorIds: ['nao-existe'] }), 'Só usuários'],
    ['an empty name', () => ({ name: '   ' }), 'Informe o nome da equipe.'],
    ['an unknown field', () => ({ name: 'Outra', leader: 'x' }), ''],
  ])('refuses %s with 400 in pt-BR and changes nothing', async (_, body, message) => {
    const before = await unchanged();
    for (const response of [
      await admin().post('/api/teams', { name: 'Equipe Nova', ...body() }),
      await admin().patch(`/api/teams/${teamA}`, {
        assessorIds: [context.carla.id],
        ...body(),
      }),
    ]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    expect(await unchanged()).toEqual(before);
  });

  it('refuses an inactive assessor, naming them, and changes nothing', async () => {
    const inactive = await context.t.createSignedInUser('assessor', 'Inês Inativa');
    await admin().patch(`/api/users/${inactive.id}`, { active: false });
    const before = await unchanged();
    const response = await admin().patch(`/api/teams/${teamA}`, {
      assessorIds: [context.ana.id, inactive.id],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'Inês Inativa está inativo e não pode entrar na equipe.',
    );
    expect(await unchanged()).toEqual(before);
  });

  it('changes only what a PATCH sends, and audits what changed', async () => {
    const response = await admin().patch(`/api/teams/${teamA}`, {
      assessorIds: [context.ana.id, context.carla.id],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Equipe Norte',
      supervisors: [{ id: supervisor.id }],
      moved: [{ id: context.carla.id, fromTeam: 'Equipe Sul' }],
    });
    expect(await teamIdOf(context.carla.id)).toBe(teamA);
    expect((await lastAudit('team.updated'))?.details).toMatchObject({
      changes: { assessors: { joined: ['Carla Dias'], left: [] } },
      moved: ['Carla Dias (de Equipe Sul)'],
    });
    const renamed = await admin().patch(`/api/teams/${teamA}`, { name: 'Equipe Norte 1' });
    expect(renamed.json().assessors).toHaveLength(2);
    expect((await lastAudit('team.updated'))?.details).toMatchObject({
      changes: { name: { from: 'Equipe Norte', to: 'Equipe Norte 1' } },
    });
  });

  it('shows a supervisor only the teams it leads, and the assessors in none to the admin', async () => {
    const mine = (await context.t.as(supervisor).get('/api/teams')).json();
    expect(mine.teams.map((team: { id: number }) => team.id)).toEqual([teamA]);
    expect(mine.assessorsWithoutTeam).toEqual([]);
    const loose = await context.t.createSignedInUser('assessor', 'Lúcia Livre');
    const all = (await admin().get('/api/teams')).json();
    expect(all.teams).toHaveLength(2);
    expect(all.assessorsWithoutTeam).toEqual([{ id: loose.id, name: 'Lúcia Livre' }]);
    const assessor = await context.t.as(context.ana).get('/api/teams');
    expect(assessor.statusCode).toBe(403);
  });

  it('refuses a supervisor or an assessor on the admin routes, with nothing changed', async () => {
    const before = await unchanged();
    for (const caller of [supervisor, context.ana]) {
      const client = context.t.as(caller);
      const answers = [
        await client.post('/api/teams', { name: 'Equipe Pirata' }),
        await client.patch(`/api/teams/${teamA}`, { name: 'Tomada' }),
        await client.patch(`/api/teams/${teamB}`, { assessorIds: [] }),
        await client.delete(`/api/teams/${teamA}`),
      ];
      for (const response of answers) expect(response.statusCode, response.body).toBe(403);
    }
    expect(await unchanged()).toEqual(before);
  });

  it('answers 404 to a team that does not exist, and 400 to an id that is not one', async () => {
    expect((await admin().patch('/api/teams/999999', { name: 'Nada' })).statusCode).toBe(404);
    expect((await admin().delete('/api/teams/999999')).statusCode).toBe(404);
    const bad = await admin().patch('/api/teams/abc', { name: 'Nada' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Equipe inválida.');
  });

  it('deletes a team: its assessors are left in no team and its targets are gone', async () => {
    const targets = {
      day: { accepted: 5, calls: 80 },
      month: { accepted: null, calls: null },
    };
    expect((await admin().put(`/api/targets/teams/${teamB}`, targets)).statusCode).toBe(200);
    const response = await admin().delete(`/api/teams/${teamB}`);
    expect(response.statusCode).toBe(204);
    expect(await teamIdOf(context.bruno.id)).toBeNull();
    const left = await context.t.database.db
      .selectFrom('targets')
      .select('id')
      .where('team_id', '=', teamB)
      .execute();
    expect(left).toEqual([]);
    expect((await lastAudit('team.deleted'))?.details).toMatchObject({
      name: 'Equipe Sul',
      assessors: ['Bruno Lima'],
      supervisors: ['Otávio Supervisor'],
    });
    expect((await context.t.as(otherSupervisor).get('/api/teams')).json().teams).toEqual([]);
  });
});
