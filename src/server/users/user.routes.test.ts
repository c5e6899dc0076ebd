import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../testing/set-up-test-app.ts';
import { testOrigin } from '../testing/test-app.ts';

const context = setUpTestApp();

const asAdmin = () => context.t.as(context.adminCookie).headers;

describe('users', () => {
  it('creates an assessor with a password who can then sign in', async () => {
    const response = await context.t.as(context.adminCookie).post('/api/users', {
      name: '  Maria Silva ',
      email: 'Maria@Exemplo.com.br',
      role: 'assessor',
      password: 'uma-senha-boa-9',
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      name: 'Maria Silva',
      email: 'maria@exemplo.com.br',
      role: 'assessor',
      active: true,
      dailyQuota: 100,
      hasPassword: true,
    });
    const cookie = await context.t.signIn('maria@exemplo.com.br', 'uma-senha-boa-9');
    const me = await context.t.as(cookie).get('/api/me');
    expect(me.json()).toEqual({
      id: user.id,
      name: 'Maria Silva',
      email: 'maria@exemplo.com.br',
      role: 'assessor',
    });
  });

  it('mails a set-password link to a user created without a password', async () => {
    const before = context.t.mails.length;
    const response = await context.t.as(context.adminCookie).post('/api/users', {
      name: 'João Pereira',
      email: 'joao@exemplo.com.br',
      role: 'assessor',
      dailyQuota: 40,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ hasPassword: false, dailyQuota: 40 });
    const mail = context.t.mails.at(-1);
    expect(context.t.mails.length).toBe(before + 1);
    expect(mail?.to).toBe('joao@exemplo.com.br');
    expect(mail?.subject).toBe('CCA — crie sua senha');
    expect(mail?.text).toMatch(/http:\/\/cca\.test\/login\/resetpassword\?token=\w+/);
    // An invitation may be read days later: it lasts 72 hours, a reset link one.
    expect(mail?.text).toContain('O link vale por 72 horas');
    const token = mail?.text.match(/token=([\w-]+)/)?.[1];
    const link = await context.t.database.db
      .selectFrom('verifications')
      .select(sql<number>`extract(epoch from expires_at - now())`.as('secondsLeft'))
      .where('identifier', '=', `reset-password:${token}`)
      .executeTakeFirstOrThrow();
    expect(Number(link.secondsLeft)).toBeGreaterThan(71 * 3600);
    expect(Number(link.secondsLeft)).toBeLessThanOrEqual(72 * 3600);
  });

  it('refuses a second user with the same e-mail, in any case, with 409', async () => {
    const response = await context.t
      .as(context.adminCookie)
      .post('/api/users', { name: 'Outra Maria', email: 'MARIA@exemplo.com.br', role: 'assessor' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'CONFLICT', message: 'Já existe um usuário com esse e-mail.' },
    });
  });

  it.each([
    [{ name: 'A', email: 'a@b.com', role: 'assessor' }, 'name'],
    [{ name: 'Nome Bom', email: 'não-é-email', role: 'assessor' }, 'email'],
    [{ name: 'Nome Bom', email: 'x@b.com', role: 'root' }, 'role'],
    [{ name: 'Nome Bom', email: 'x@b.com', role: 'assessor', password: '12345678' }, 'password'],
    [{ name: 'Nome Bom', email: 'x@b.com', role: 'assessor', password: 'curta' }, 'password'],
    [{ name: 'Nome Bom', email: 'x@b.com', role: 'assessor', active: false }, ''],
  ])('rejects %j with a pt-BR 400 and creates nothing', async (payload, field) => {
    const countBefore = (await context.t.as(context.adminCookie).get('/api/users')).json().users
      .length;
    const response = await context.t.as(context.adminCookie).post('/api/users', payload);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toContain(field);
    expect(error.message).not.toMatch(/expected|invalid input/i);
    const countAfter = (await context.t.as(context.adminCookie).get('/api/users')).json().users
      .length;
    expect(countAfter).toBe(countBefore);
  });

  it('updates name, role and quota, and refuses fields that may not be set', async () => {
    const user = await context.t.createSignedInUser('assessor');
    const updated = await context.t
      .as(context.adminCookie)
      .patch(`/api/users/${user.id}`, { name: 'Nome Novo', dailyQuota: 250 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Nome Novo', dailyQuota: 250, role: 'assessor' });

    const sneaky = await context.t
      .as(context.adminCookie)
      .patch(`/api/users/${user.id}`, { email: 'outro@cca.test' });
    expect(sneaky.statusCode).toBe(400);

    const missing = await context.t
      .as(context.adminCookie)
      .patch('/api/users/nao-existe', { name: 'Quem' });
    expect(missing.statusCode).toBe(404);
  });

  it('deactivating a user ends their sessions at once and stops their sign-in', async () => {
    const user = await context.t.createSignedInUser('assessor');
    expect((await context.t.as(user).get('/api/me')).statusCode).toBe(200);
    const response = await context.t
      .as(context.adminCookie)
      .patch(`/api/users/${user.id}`, { active: false });
    expect(response.json().active).toBe(false);
    expect((await context.t.as(user).get('/api/me')).statusCode).toBe(401);
    // The right password hears why; a wrong one hears nothing more than usual.
    const signIn = (password: string) =>
      context.t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: testOrigin },
        payload: { email: user.email, password },
      });
    const refused = await signIn(user.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'ACCOUNT_DEACTIVATED',
      message: 'Sua conta no CCA foi desativada. Peça a um administrador do CCA que a reative.',
    });
    const guessed = await signIn('senha-errada-qualquer');
    expect(guessed.statusCode).toBe(401);
    expect(guessed.json().error.code).toBe('INVALID_CREDENTIALS');

    await context.t.as(context.adminCookie).patch(`/api/users/${user.id}`, { active: true });
    await expect(context.t.signIn(user.email, user.password)).resolves.toContain(
      'cca.session_token=',
    );
  });

  it('keeps an active administrator: no self-deactivation or self-demotion', async () => {
    const me = (await context.t.as(context.adminCookie).get('/api/me')).json();
    for (const payload of [{ active: false }, { role: 'assessor' }]) {
      const response = await context.t
        .as(context.adminCookie)
        .patch(`/api/users/${me.id}`, payload);
      expect(response.statusCode).toBe(409);
    }
    expect((await context.t.as(context.adminCookie).get('/api/me')).json().role).toBe('admin');
  });

  it('strips invisible characters from a user’s name and refuses a name made only of them', async () => {
    const created = await context.t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: asAdmin(),
      // Shown as "Admin Teste" in a list, with a zero-width space making it another string.
      payload: { name: '\u202EetseT nimdA\u202C\u200B', email: 'rlo@cca.test', role: 'assessor' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().name).toBe('etseT nimdA');
    const renamed = await context.t
      .as(context.adminCookie)
      .patch(`/api/users/${created.json().id}`, { name: 'Bia\u2066\u00AD Lima\uFEFF' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('Bia Lima');
    for (const [method, url, email] of [
      ['POST', '/api/users', 'vazio@cca.test'],
      ['PATCH', `/api/users/${created.json().id}`, undefined],
    ] as const) {
      const refused = await context.t.app.inject({
        method,
        url,
        headers: asAdmin(),
        payload: {
          name: '\u200B\u200C\u200D\u2060\uFEFF',
          ...(email ? { email, role: 'assessor' } : {}),
        },
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.message).toBe('name: O nome deve ter pelo menos 2 caracteres.');
    }
  });

  it('sends a reset link on request of an admin', async () => {
    const user = await context.t.createSignedInUser('assessor');
    const response = await context.t
      .as(context.adminCookie)
      .post(`/api/users/${user.id}/password-reset`);
    expect(response.statusCode).toBe(200);
    expect(context.t.mails.at(-1)).toMatchObject({
      to: user.email,
      subject: 'CCA — criar uma nova senha',
    });
    expect(context.t.mails.at(-1)?.text).toContain('O link vale por 1 hora');
  });

  it('lists users for admins only', async () => {
    const assessor = await context.t.createSignedInUser('assessor');
    const list = await context.t.as(context.adminCookie).get('/api/users');
    expect(list.statusCode).toBe(200);
    expect(list.json().users.map((user: { email: string }) => user.email)).toContain(
      assessor.email,
    );
    const denied = await context.t.as(assessor).get('/api/users');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('FORBIDDEN');
  });
});
