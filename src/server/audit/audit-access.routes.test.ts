import { describe, expect, it } from 'vitest';
import { adminCredentials, cookieFrom } from '../testing/test-app.ts';
import { browser, expectRecent, setUpAuditTestApp } from './fixtures/audit-test-app.ts';

const { context, asAdmin, lastOf, rowsContaining, auditCount, signIn } = setUpAuditTestApp();

describe('sign-in, sign-out', () => {
  it('records a sign-in with who, when, the address and the browser', async () => {
    const response = await signIn(adminCredentials.email, adminCredentials.password, '203.0.113.7');
    expect(response.statusCode, response.body).toBe(200);
    const row = await lastOf('auth.sign_in');
    expect(row).toMatchObject({
      actor_id: context.adminId,
      actor_email: adminCredentials.email,
      target_type: 'user',
      target_id: context.adminId,
      ip: '203.0.113.7',
      user_agent: browser,
    });
    expectRecent(row.at);
  });

  it('records refused sign-ins with the e-mail tried and never the password', async () => {
    const wrong = 'Senha-Errada-Secreta-77';
    expect((await signIn(context.ana.email, wrong, '198.51.100.4')).statusCode).toBe(401);
    const refused = await lastOf('auth.sign_in_failed');
    expect(refused).toMatchObject({
      actor_id: null,
      actor_email: context.ana.email,
      target_type: 'user',
      target_id: context.ana.id,
      ip: '198.51.100.4',
      details: { reason: 'invalid_credentials' },
    });
    expectRecent(refused.at);

    expect((await signIn('ninguem@cca.test', wrong)).statusCode).toBe(401);
    expect(await lastOf('auth.sign_in_failed')).toMatchObject({
      actor_email: 'ninguem@cca.test',
      target_id: null,
      details: { reason: 'invalid_credentials' },
    });

    expect(await rowsContaining(wrong)).toBe(0);
    expect(await rowsContaining(context.ana.password)).toBe(0);
    expect(await rowsContaining(adminCredentials.password)).toBe(0);
  });

  it('records a sign-out with whose session it was', async () => {
    const response = await signIn(context.ana.email, context.ana.password);
    const cookie = cookieFrom(response);
    const out = await context.t.as(cookie).post('/api/auth/sign-out');
    expect(out.statusCode).toBe(200);
    expect(await lastOf('auth.sign_out')).toMatchObject({
      actor_id: context.ana.id,
      actor_email: context.ana.email,
      ip: '127.0.0.1',
    });
    // The session cookie is a secret too.
    const token = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    expect(token.length).toBeGreaterThan(10);
    expect(await rowsContaining(token)).toBe(0);
  });
});

describe('refused authorisations', () => {
  it('records a 403 with who was refused and where', async () => {
    const response = await context.t.as(context.ana, { 'user-agent': browser }).get('/api/users');
    expect(response.statusCode).toBe(403);
    const row = await lastOf('access.denied');
    expect(row).toMatchObject({
      actor_id: context.ana.id,
      actor_email: context.ana.email,
      ip: '127.0.0.1',
      user_agent: browser,
      details: { code: 'FORBIDDEN', method: 'GET', path: '/api/users' },
    });
    expectRecent(row.at);
  });

  it('records a cross-site request with its origin, and the change it asked for is not made', async () => {
    const before = await context.t.database.db.selectFrom('users').select('id').execute();
    const response = await context.t.app.inject({
      method: 'POST',
      url: '/api/users?x=1',
      headers: { origin: 'https://mal.example', cookie: context.adminCookie },
      payload: { name: 'Intruso', email: 'intruso@cca.test', role: 'admin' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CROSS_SITE_REQUEST');
    expect(await lastOf('access.denied')).toMatchObject({
      actor_id: null,
      details: {
        code: 'CROSS_SITE_REQUEST',
        method: 'POST',
        path: '/api/users',
        origin: 'https://mal.example',
      },
    });
    expect(await context.t.database.db.selectFrom('users').select('id').execute()).toHaveLength(
      before.length,
    );
  });
});

describe('user changes', () => {
  it('records creation, changes, deactivation, reactivation and reset links, never a password or a link', async () => {
    const password = 'Senha-Do-Novo-Usuario-42';
    const created = await context.t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: asAdmin(),
      payload: { name: 'Beto Novo', email: 'Beto@cca.test', role: 'assessor', password },
    });
    expect(created.statusCode, created.body).toBe(201);
    const userId: string = created.json().id;
    expect(await lastOf('user.created')).toMatchObject({
      actor_id: context.adminId,
      actor_email: adminCredentials.email,
      target_type: 'user',
      target_id: userId,
      ip: '127.0.0.1',
      user_agent: browser,
      details: {
        name: 'Beto Novo',
        email: 'beto@cca.test',
        role: 'assessor',
        dailyQuota: 100,
        linkMailed: false,
      },
    });

    const patch = (payload: object) =>
      context.t.app.inject({
        method: 'PATCH',
        url: `/api/users/${userId}`,
        headers: asAdmin(),
        payload,
      });
    expect(
      (await patch({ name: 'Beto Alterado', dailyQuota: 40, role: 'assessor' })).statusCode,
    ).toBe(200);
    expect(await lastOf('user.updated')).toMatchObject({
      target_id: userId,
      details: {
        email: 'beto@cca.test',
        // The role did not change, so it is not listed.
        changes: {
          name: { from: 'Beto Novo', to: 'Beto Alterado' },
          dailyQuota: { from: 100, to: 40 },
        },
      },
    });
    expect((await patch({ active: false })).statusCode).toBe(200);
    expect(await lastOf('user.deactivated')).toMatchObject({
      target_id: userId,
      details: { changes: { active: { from: true, to: false } } },
    });
    expect((await patch({ active: true })).statusCode).toBe(200);
    expect(await lastOf('user.reactivated')).toMatchObject({
      target_id: userId,
      details: { changes: { active: { from: false, to: true } } },
    });

    const mailsBefore = context.t.mails.length;
    const reset = await context.t.app.inject({
      method: 'POST',
      url: `/api/users/${userId}/password-reset`,
      headers: asAdmin(),
    });
    expect(reset.statusCode).toBe(200);
    expect(await lastOf('user.password_link_sent')).toMatchObject({
      actor_id: context.adminId,
      target_id: userId,
      details: { email: 'beto@cca.test' },
    });
    const link = context.t.mails
      .slice(mailsBefore)
      .at(-1)
      ?.text.match(/token=(\w+)/)?.[1];
    expect(link).toBeTruthy();
    expect(await rowsContaining(link as string)).toBe(0);
    expect(await rowsContaining(password)).toBe(0);
    const hash = await context.t.database.db
      .selectFrom('accounts')
      .select('password')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(await rowsContaining(hash.password as string)).toBe(0);
  });

  it('writes nothing when a change is refused', async () => {
    const before = await auditCount();
    const response = await context.t.app.inject({
      method: 'PATCH',
      url: `/api/users/${context.adminId}`,
      headers: asAdmin(),
      payload: { active: false },
    });
    expect(response.statusCode).toBe(409);
    expect(await auditCount()).toBe(before);
  });
});
