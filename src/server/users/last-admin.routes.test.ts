import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';

let t: TestApp;
let first: TestUser;
let second: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  first = await t.createSignedInUser('admin', 'Primeira Admin');
  second = await t.createSignedInUser('admin', 'Segunda Admin');
  // Only these two remain: the seeded administrator steps down.
  const seeded = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('id', 'not in', [first.id, second.id])
    .executeTakeFirstOrThrow();
  await t.database.db
    .updateTable('users')
    .set({ role: 'assessor' })
    .where('id', '=', seeded.id)
    .execute();
});
afterAll(() => t?.close());

const change = (actor: TestUser, target: TestUser, payload: Record<string, unknown>) =>
  t.as(actor).patch(`/api/users/${target.id}`, payload);

async function activeAdmins() {
  return t.database.db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('active', '=', true)
    .execute();
}

it('keeps an administrator when the last two demote or deactivate each other at once', async () => {
  for (const payload of [{ role: 'assessor' }, { active: false }, { role: 'assessor' }]) {
    const [one, two] = await Promise.all([
      change(first, second, payload),
      change(second, first, payload),
    ]);
    // One wins; the other is refused: by the rule, or, when the winner was faster, because
    // the loser is no longer an administrator (403) or no longer signed in (401).
    const [won, refused] = one.statusCode === 200 ? [one, two] : [two, one];
    expect(won.statusCode, `${one.body} ${two.body}`).toBe(200);
    expect([401, 403, 409]).toContain(refused.statusCode);
    if (refused.statusCode === 409) {
      expect(refused.json().error.message).toBe(
        'É preciso manter pelo menos um administrador ativo.',
      );
    }
    expect(await activeAdmins()).toHaveLength(1);
    // Back to two admins, signed in again, for the next round.
    await t.database.db
      .updateTable('users')
      .set({ role: 'admin', active: true })
      .where('id', 'in', [first.id, second.id])
      .execute();
    first.cookie = await t.signIn(first.email, first.password);
    second.cookie = await t.signIn(second.email, second.password);
  }
});
