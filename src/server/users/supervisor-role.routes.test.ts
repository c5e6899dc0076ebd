import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../testing/set-up-test-app.ts';

const context = setUpTestApp({ assessors: { ana: 'Ana Souza' } });

const admin = () => context.t.as(context.admin);

async function userRow(id: string) {
  return context.t.database.db
    .selectFrom('users')
    .select(['role', 'team_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('the supervisor role', () => {
  it('creates a supervisor who signs in as one', async () => {
    const response = await admin().post('/api/users', {
      name: 'Sônia Supervisora',
      email: 'sonia@exemplo.com.br',
      role: 'supervisor',
      password: 'uma-senha-boa-9',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ role: 'supervisor', teamId: null, teamName: null });
    const cookie = await context.t.signIn('sonia@exemplo.com.br', 'uma-senha-boa-9');
    const me = await context.t.as(cookie).get('/api/me');
    expect(me.json()).toMatchObject({ role: 'supervisor' });
    // A supervisor runs the floor, never the users: it lists its teams' assessors (none yet,
    // to filter and hand leads on), and creates no one.
    const listed = await context.t.as(cookie).get('/api/users');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().users).toEqual([]);
    const created = await context.t
      .as(cookie)
      .post('/api/users', { name: 'Outra Pessoa', email: 'outra@cca.test', role: 'assessor' });
    expect(created.statusCode).toBe(403);
  });

  it("lists an assessor's team by name", async () => {
    const team = await admin().post('/api/teams', {
      name: 'Equipe Leste',
      assessorIds: [context.ana.id],
    });
    expect(team.statusCode).toBe(201);
    const users = (await admin().get('/api/users')).json().users as {
      id: string;
      teamId: number | null;
      teamName: string | null;
    }[];
    expect(users.find((user) => user.id === context.ana.id)).toMatchObject({
      teamId: team.json().id,
      teamName: 'Equipe Leste',
    });
    expect(users.find((user) => user.id === context.adminId)).toMatchObject({ teamName: null });
  });

  it('takes an assessor whose role changes out of its team, in the same change, audited', async () => {
    expect((await userRow(context.ana.id)).team_id).not.toBeNull();
    const response = await admin().patch(`/api/users/${context.ana.id}`, { role: 'supervisor' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: 'supervisor', teamId: null, teamName: null });
    expect(await userRow(context.ana.id)).toEqual({ role: 'supervisor', team_id: null });
    const audit = await context.t.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'user.updated')
      .where('target_id', '=', context.ana.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({
      changes: { role: { from: 'assessor', to: 'supervisor' } },
      leftTeam: 'Equipe Leste',
    });
  });

  it('stops a supervisor who becomes an assessor from leading its teams', async () => {
    const team = await admin().post('/api/teams', {
      name: 'Equipe Oeste',
      supervisorIds: [context.ana.id],
    });
    expect(team.json().supervisors).toEqual([{ id: context.ana.id, name: 'Ana Souza' }]);
    await admin().patch(`/api/users/${context.ana.id}`, { role: 'assessor' });
    const leads = await context.t.database.db
      .selectFrom('team_supervisors')
      .select('team_id')
      .where('supervisor_id', '=', context.ana.id)
      .execute();
    expect(leads).toEqual([]);
    expect(await userRow(context.ana.id)).toEqual({ role: 'assessor', team_id: null });
  });

  it('keeps the last administrator: demoting it to supervisor is refused, nothing changed', async () => {
    const response = await admin().patch(`/api/users/${context.adminId}`, { role: 'supervisor' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'Você não pode desativar nem rebaixar a sua própria conta.',
    );
    expect((await userRow(context.adminId)).role).toBe('admin');
  });
});
