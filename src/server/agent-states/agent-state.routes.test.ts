import { describe, expect, it } from 'vitest';
import { disconnectedAfterSeconds, type MyAgentState } from '../../core/agent-states.ts';
import { acceptedOutcomeKey } from '../../core/outcomes.ts';
import { listenToEvents } from '../testing/event-listener.ts';
import { setUpTestApp } from '../testing/set-up-test-app.ts';
import type { TestUser } from '../testing/test-app.ts';
import { disconnectQuietAssessors } from './index.ts';

const context = setUpTestApp({
  assessors: { ana: 'Ana Assessora', bia: 'Bia Assessora', caio: 'Caio Assessor' },
});
const db = () => context.t.database.db;

const stateOf = (userId: string) =>
  db().selectFrom('agent_states').selectAll().where('user_id', '=', userId).executeTakeFirst();
const logOf = (userId: string) =>
  db()
    .selectFrom('agent_state_log')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
const auditCount = (action: string) =>
  db()
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('action', '=', action)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));

async function mine(user: TestUser): Promise<MyAgentState> {
  const response = await context.t.as(user).get('/api/agent-state');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MyAgentState;
}

const presence = (user: TestUser | string) => context.t.as(user).post('/api/agent-state/presence');

async function activeReason(name: string): Promise<number> {
  const row = await db()
    .selectFrom('pause_reasons')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A team with its supervisor and `members`; answers the supervisor signed in. */
async function teamOf(name: string, members: TestUser[]): Promise<TestUser> {
  const supervisor = await context.t.createSignedInUser('supervisor', `Supervisor ${name}`);
  const team = await db()
    .insertInto('teams')
    .values({ name })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('team_supervisors')
    .values({ team_id: team.id, supervisor_id: supervisor.id })
    .execute();
  for (const member of members) {
    await db().updateTable('users').set({ team_id: team.id }).where('id', '=', member.id).execute();
  }
  return supervisor;
}

describe('an assessor’s states', () => {
  it('presence makes an unknown assessor available, then only says it was seen', async () => {
    expect(await stateOf(context.ana.id)).toBeUndefined();
    const seen = await presence(context.ana);
    expect(seen.statusCode, seen.body).toBe(204);
    const first = await stateOf(context.ana.id);
    expect(first?.state).toBe('available');
    expect((await presence(context.ana)).statusCode).toBe(204);
    const second = await stateOf(context.ana.id);
    expect(second?.since).toEqual(first?.since);
    expect(second?.seen_at.getTime()).toBeGreaterThanOrEqual(first?.seen_at.getTime() ?? 0);
    const log = await logOf(context.ana.id);
    expect(log.map((row) => [row.state, row.ended_at])).toEqual([['available', null]]);
    expect((await mine(context.ana)).state).toBe('available');
  });

  it('presence of an administrator changes nothing', async () => {
    expect((await presence(context.adminCookie)).statusCode).toBe(204);
    expect(await stateOf(context.adminId)).toBeUndefined();
  });

  it('Ligar puts the assessor on a call with its own lead; someone else’s lead is not found', async () => {
    const own = await context.t.assignedLead(context.ana);
    const others = await context.t.assignedLead(context.bia);
    const refused = await context.t.as(context.ana).post('/api/agent-state/call', {
      leadId: others,
    });
    expect(refused.statusCode).toBe(404);
    expect((await stateOf(context.ana.id))?.state).toBe('available');

    const called = await context.t.as(context.ana).post('/api/agent-state/call', { leadId: own });
    expect(called.statusCode, called.body).toBe(204);
    const state = await stateOf(context.ana.id);
    expect(state?.state).toBe('on_call');
    expect(Number(state?.lead_id)).toBe(own);

    // The call's outcome ends it, in the recording's own statement.
    const recorded = await context.t.recordCall(context.ana, own, 'no_answer');
    expect(recorded.statusCode, recorded.body).toBe(201);
    const after = await stateOf(context.ana.id);
    expect(after?.state).toBe('available');
    expect(after?.lead_id).toBeNull();
    const log = await logOf(context.ana.id);
    const onCall = log.find((row) => row.state === 'on_call');
    expect(onCall?.ended_at).toEqual(after?.since);
    expect(log.at(-1)).toMatchObject({ state: 'available', ended_at: null });
    expect(log.filter((row) => row.ended_at === null)).toHaveLength(1);
  });

  it('announces the call and its end once each is committed', async () => {
    const lead = await context.t.assignedLead(context.ana);
    await context.t.events.flush();
    const listener = await listenToEvents(context.t.database.directConnection.connectionString);
    try {
      await context.t.as(context.ana).post('/api/agent-state/call', { leadId: lead });
      await expect
        .poll(() => listener.events)
        .toEqual([{ type: 'agent.state', assessorId: context.ana.id }]);
      await context.t.recordCall(context.ana, lead, 'no_answer');
      await expect
        .poll(() => listener.events.filter((event) => event.type === 'agent.state'))
        .toHaveLength(2);
    } finally {
      await listener.end();
    }
  });

  it('a call recorded by an available assessor leaves the state alone', async () => {
    const lead = await context.t.assignedLead(context.ana);
    const before = await stateOf(context.ana.id);
    const logBefore = await logOf(context.ana.id);
    expect((await context.t.recordCall(context.ana, lead, 'no_answer')).statusCode).toBe(201);
    expect(await stateOf(context.ana.id)).toEqual(before);
    expect(await logOf(context.ana.id)).toEqual(logBefore);
  });

  it('pauses with an active reason and comes back; an inactive reason is refused, nothing changed', async () => {
    const retired = await db()
      .insertInto('pause_reasons')
      .values({ name: 'Motivo antigo', limit_minutes: 5, active: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await stateOf(context.ana.id);
    const logBefore = await logOf(context.ana.id);
    for (const reasonId of [retired.id, 999_999]) {
      const refused = await context.t.as(context.ana).post('/api/agent-state/pause', { reasonId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(
        'Este motivo de pausa não existe ou foi desativado: escolha outro.',
      );
    }
    // Past what an id column holds, or no number at all: refused before any query.
    for (const reasonId of [3_000_000_000, 'Almoço', 1.5]) {
      const refused = await context.t.as(context.ana).post('/api/agent-state/pause', { reasonId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toContain('Escolha o motivo da pausa.');
    }
    expect(await stateOf(context.ana.id)).toEqual(before);
    expect(await logOf(context.ana.id)).toEqual(logBefore);

    const lunch = await activeReason('Almoço');
    const paused = await context.t.as(context.ana).post('/api/agent-state/pause', {
      reasonId: lunch,
    });
    expect(paused.statusCode, paused.body).toBe(204);
    const status = await mine(context.ana);
    expect(status).toMatchObject({
      state: 'paused',
      pauseReason: { id: lunch, name: 'Almoço', limitMinutes: 60 },
    });

    expect((await context.t.as(context.ana).post('/api/agent-state/resume')).statusCode).toBe(204);
    expect(await mine(context.ana)).toMatchObject({ state: 'available', pauseReason: null });
    const log = await logOf(context.ana.id);
    expect(log.slice(-2).map((row) => [row.state, row.pause_reason_id])).toEqual([
      ['paused', lunch],
      ['available', null],
    ]);
  });

  it('an administrator has no pause', async () => {
    const response = await context.t
      .as(context.adminCookie)
      .post('/api/agent-state/pause', { reasonId: await activeReason('Café') });
    expect(response.statusCode).toBe(403);
  });

  it('a closed laptop: no presence for 60 s and the job disconnects it from its last sign', async () => {
    await presence(context.caio);
    const seen = (await stateOf(context.caio.id))?.seen_at as Date;
    // Not yet: 59 s of silence.
    await disconnectQuietAssessors({
      database: context.t.database,
      events: context.t.events,
      now: seen.getTime() + (disconnectedAfterSeconds - 1) * 1000,
    });
    expect((await stateOf(context.caio.id))?.state).toBe('available');

    const changed = await disconnectQuietAssessors({
      database: context.t.database,
      events: context.t.events,
      now: seen.getTime() + (disconnectedAfterSeconds + 1) * 1000,
    });
    expect(changed).toContain(context.caio.id);
    expect(await stateOf(context.caio.id)).toMatchObject({ state: 'disconnected', since: seen });
    const log = await logOf(context.caio.id);
    expect(log.map((row) => [row.state, row.ended_at])).toEqual([
      ['available', seen],
      ['disconnected', null],
    ]);
    expect(log[1]?.started_at).toEqual(seen);
    // The page comes back: available again.
    await presence(context.caio);
    expect((await stateOf(context.caio.id))?.state).toBe('available');
  });
});

describe('a supervisor on the floor', () => {
  it('ends a pause of its own team’s assessor only; another team’s is not found', async () => {
    const own = await teamOf('Equipe Norte', [context.bia]);
    await teamOf('Equipe Sul', [context.caio]);
    const coffee = await activeReason('Café');
    for (const user of [context.bia, context.caio]) {
      await presence(user);
      await context.t.as(user).post('/api/agent-state/pause', { reasonId: coffee });
    }
    const before = await stateOf(context.caio.id);
    const logBefore = await logOf(context.caio.id);
    const refused = await context.t.as(own).post(`/api/agent-states/${context.caio.id}/end-pause`);
    expect(refused.statusCode).toBe(404);
    expect(await stateOf(context.caio.id)).toEqual(before);
    expect(await logOf(context.caio.id)).toEqual(logBefore);
    const refusedOut = await context.t
      .as(own)
      .post(`/api/agent-states/${context.caio.id}/sign-out`);
    expect(refusedOut.statusCode).toBe(404);
    expect((await context.t.as(context.caio).get('/api/agent-state')).statusCode).toBe(200);

    const audits = await auditCount('agent_state.pause_ended');
    const ended = await context.t.as(own).post(`/api/agent-states/${context.bia.id}/end-pause`);
    expect(ended.statusCode, ended.body).toBe(204);
    expect((await stateOf(context.bia.id))?.state).toBe('available');
    expect(await auditCount('agent_state.pause_ended')).toBe(audits + 1);
    const again = await context.t.as(own).post(`/api/agent-states/${context.bia.id}/end-pause`);
    expect(again.statusCode).toBe(409);
    expect(await auditCount('agent_state.pause_ended')).toBe(audits + 1);
  });

  it('signs its assessor out: the sessions end and it is disconnected', async () => {
    const dani = await context.t.createSignedInUser('assessor', 'Dani Assessora');
    const supervisor = await teamOf('Equipe Leste', [dani]);
    await presence(dani);
    const response = await context.t.as(supervisor).post(`/api/agent-states/${dani.id}/sign-out`);
    expect(response.statusCode, response.body).toBe(204);
    expect((await stateOf(dani.id))?.state).toBe('disconnected');
    expect((await context.t.as(dani).get('/api/agent-state')).statusCode).toBe(401);
    const sessions = await db()
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', dani.id)
      .execute();
    expect(sessions).toEqual([]);
    expect(await auditCount('agent_state.signed_out')).toBe(1);
  });
});

it('signing out makes the assessor disconnected', async () => {
  const eva = await context.t.createSignedInUser('assessor', 'Eva Assessora');
  await presence(eva);
  expect((await context.t.as(eva).post('/api/auth/sign-out')).statusCode).toBe(200);
  expect((await stateOf(eva.id))?.state).toBe('disconnected');
  expect((await logOf(eva.id)).map((row) => row.state)).toEqual(['available', 'disconnected']);
});

it('the assessor’s page reads its targets and its team’s, counted in the centre’s day', async () => {
  const fabi = await context.t.createSignedInUser('assessor', 'Fabi Assessora');
  const gil = await context.t.createSignedInUser('assessor', 'Gil Assessor');
  await teamOf('Equipe Oeste', [fabi, gil]);
  const team = await db()
    .selectFrom('users')
    .select('team_id')
    .where('id', '=', fabi.id)
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('targets')
    .values([
      { assessor_id: fabi.id, period: 'day', metric: 'calls', value: 20 },
      { team_id: team.team_id, period: 'month', metric: 'accepted', value: 50 },
    ])
    .execute();
  for (const [user, outcome] of [
    [fabi, 'no_answer'],
    [fabi, acceptedOutcomeKey],
    [gil, acceptedOutcomeKey],
  ] as const) {
    const lead = await context.t.assignedLead(user);
    const response = await context.t.recordCall(user, lead, outcome);
    expect(response.statusCode, response.body).toBe(201);
  }
  expect((await mine(fabi)).progress).toEqual([
    { owner: 'assessor', period: 'day', metric: 'calls', done: 2, target: 20 },
    { owner: 'team', period: 'month', metric: 'accepted', done: 2, target: 50 },
  ]);
});
