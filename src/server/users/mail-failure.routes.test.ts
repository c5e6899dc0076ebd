import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import {
  adminCredentials,
  cookieFrom,
  testAuthSecret,
  testEnv,
  testOrigin,
} from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { ensureFirstAdmin } from './first-admin.ts';
import { createUserRepository } from './user.repository.ts';

/** A mail server that refuses everything, or an outbox folder that cannot be written. */
let database: TestDatabase;
let app: FastifyInstance;
let cookie: string;
beforeAll(async () => {
  database = await createTestDatabase();
  await ensureFirstAdmin(createUserRepository(database.db), { ...adminCredentials, name: 'Admin' });
  app = await buildApp({
    env: testEnv,
    database,
    mailer: {
      send: async () => {
        throw new Error('EACCES: pasta de saída sem permissão');
      },
    },
    authSecret: testAuthSecret,
  });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: testOrigin },
    payload: adminCredentials,
  });
  cookie = cookieFrom(signIn);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('a link mail that cannot be sent', () => {
  it('is reported when a user is created without a password, and the user is kept', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { origin: testOrigin, cookie },
      payload: { name: 'Sem Senha', email: 'sem.senha@cca.test', role: 'assessor' },
    });
    expect(created.statusCode).toBe(502);
    expect(created.json().error).toEqual({
      code: 'MAIL_NOT_SENT',
      message: expect.stringMatching(/^O usuário foi criado, mas o e-mail com o link/),
    });
    const users = await createUserRepository(database.db).findByEmail('sem.senha@cca.test');
    expect(users?.name).toBe('Sem Senha');
  });

  it('is reported when an admin sends a password link, and nothing says it was sent', async () => {
    const user = await createUserRepository(database.db).findByEmail('sem.senha@cca.test');
    const before = await database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'user.password_link_sent')
      .execute();
    const link = await app.inject({
      method: 'POST',
      url: `/api/users/${user?.id}/password-reset`,
      headers: { origin: testOrigin, cookie },
    });
    expect(link.statusCode).toBe(502);
    expect(link.json().error.code).toBe('MAIL_NOT_SENT');
    expect(link.json().error.message).toMatch(/não pôde ser enviado/);
    const after = await database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'user.password_link_sent')
      .execute();
    expect(after).toEqual(before);
  });
});
