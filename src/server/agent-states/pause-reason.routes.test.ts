import { describe, expect, it } from 'vitest';
import type { PauseReason, PauseReasonList } from '../../core/agent-states.ts';
import { setUpTestApp } from '../testing/set-up-test-app.ts';

const context = setUpTestApp({ assessors: { ana: 'Ana Assessora' } });
const admin = () => context.t.as(context.adminCookie);

/** The reasons and their audit rows: what a refusal must leave alone. */
async function snapshot() {
  const db = context.t.database.db;
  const [reasons, audit] = await Promise.all([
    db.selectFrom('pause_reasons').selectAll().orderBy('id').execute(),
    db.selectFrom('audit_log').select('id').where('action', 'like', 'pause_reason.%').execute(),
  ]);
  return { reasons, audit: audit.length };
}

describe('pause reasons', () => {
  it('lists the seeded active reasons to anyone signed in', async () => {
    const response = await context.t.as(context.ana).get('/api/pause-reasons');
    expect(response.statusCode).toBe(200);
    const { reasons } = response.json() as PauseReasonList;
    expect(reasons.map((reason) => reason.name)).toContain('Almoço');
    expect(reasons.every((reason) => reason.active)).toBe(true);
    const retired = await context.t.as(context.ana).get('/api/pause-reasons?retired=yes');
    expect(retired.statusCode).toBe(403);
  });

  it('an admin adds, renames, sets a limit and deactivates one; the menu no longer offers it', async () => {
    const created = await admin().post('/api/pause-reasons', { name: 'Ginástica laboral' });
    expect(created.statusCode, created.body).toBe(201);
    const reason = created.json() as PauseReason;
    expect(reason).toMatchObject({ name: 'Ginástica laboral', limitMinutes: null, active: true });

    const changed = await admin().patch(`/api/pause-reasons/${reason.id}`, {
      name: 'Ginástica',
      limitMinutes: 10,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Ginástica', limitMinutes: 10 });

    const retired = await admin().patch(`/api/pause-reasons/${reason.id}`, { active: false });
    expect(retired.json()).toMatchObject({ active: false });
    const menu = (await context.t.as(context.ana).get('/api/pause-reasons')).json();
    expect((menu as PauseReasonList).reasons.map((item) => item.id)).not.toContain(reason.id);
    const all = (await admin().get('/api/pause-reasons?retired=yes')).json() as PauseReasonList;
    expect(all.reasons.find((item) => item.id === reason.id)?.active).toBe(false);
  });

  it('refuses a name already taken, bad input and assessors, changing nothing', async () => {
    const before = await snapshot();
    const taken = await admin().post('/api/pause-reasons', { name: 'almoço' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Já existe um motivo de pausa com este nome.');
    const cafe = before.reasons.find((reason) => reason.name === 'Café');
    const renamed = await admin().patch(`/api/pause-reasons/${cafe?.id}`, { name: 'Banheiro' });
    expect(renamed.statusCode).toBe(409);
    for (const body of [{ name: '' }, { name: 'Longa', limitMinutes: 0 }, { name: 'X', id: 3 }]) {
      const response = await admin().post('/api/pause-reasons', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await admin().patch(`/api/pause-reasons/${cafe?.id}`, {})).statusCode).toBe(400);
    expect((await admin().patch('/api/pause-reasons/999999', { name: 'Nada' })).statusCode).toBe(
      404,
    );
    const byAssessor = await context.t
      .as(context.ana)
      .post('/api/pause-reasons', { name: 'Outro' });
    expect(byAssessor.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});
