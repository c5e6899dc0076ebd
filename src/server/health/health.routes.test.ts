import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppOnOwnPostgres, startAppOnOwnPostgres } from '../testing/app-on-own-postgres.ts';
import { adminCredentials, cookieFrom, testOrigin } from '../testing/test-app.ts';

let own: AppOnOwnPostgres;
let app: AppOnOwnPostgres['app'];

beforeAll(async () => {
  own = await startAppOnOwnPostgres(4);
  app = own.app;
});

afterAll(() => own?.close());

describe('GET /api/health and a database outage', () => {
  it('answers 503 while the database is down and recovers by itself when it is back', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: testOrigin },
      payload: adminCredentials,
    });
    const cookie = cookieFrom(signIn);
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: 'ok',
      backup: 'none',
    });

    await own.stopDatabase();
    const health = await app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().error).toEqual({
      code: 'DATABASE_UNAVAILABLE',
      message: 'O banco de dados está indisponível no momento. Tente novamente em instantes.',
    });
    const users = await app.inject({ url: '/api/users', headers: { cookie } });
    expect(users.statusCode).toBe(503);
    expect(users.json().error.code).toBe('DATABASE_UNAVAILABLE');

    await own.startDatabase();
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const again = await app.inject({ url: '/api/users', headers: { cookie } });
    expect(again.statusCode).toBe(200);
  });
});
