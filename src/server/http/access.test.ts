import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser, testOrigin } from '../testing/test-app.ts';
import { registerAccessControl } from './access.ts';

let t: TestApp;
let assessor: TestUser;
let operations: { method: string; path: string; security: { sessionCookie?: string[] }[] }[];

beforeAll(async () => {
  t = await createTestApp();
  assessor = await t.createSignedInUser('assessor');
  const document = (await t.app.inject({ url: '/api/openapi.json' })).json();
  operations = Object.entries(
    document.paths as Record<string, Record<string, { security: [] }>>,
  ).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path: path.replace(/\{[^}]+\}/g, '00000000-0000-0000-0000-000000000000'),
      security: operation.security,
    })),
  );
});
afterAll(() => t.close());

const call = (operation: (typeof operations)[number], cookie?: string) =>
  t.app.inject({
    method: operation.method as 'GET',
    url: operation.path,
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
    ...(operation.method === 'GET' ? {} : { payload: {} }),
  });

describe('access control, walked over the OpenAPI document', () => {
  it('documents every route with who may call it', () => {
    expect(operations.length).toBeGreaterThanOrEqual(9);
    for (const operation of operations) expect(operation.security).toBeInstanceOf(Array);
    const publicOnes = operations.filter((operation) => operation.security.length === 0);
    expect(publicOnes.map((operation) => `${operation.method} ${operation.path}`).sort()).toEqual([
      'GET /api/health',
      'POST /api/auth/request-password-reset',
      'POST /api/auth/reset-password',
      'POST /api/auth/sign-in/email',
      'POST /api/auth/sign-out',
    ]);
  });

  it('answers 401 to an anonymous call of every guarded route', async () => {
    const guarded = operations.filter((operation) => operation.security.length > 0);
    for (const operation of guarded) {
      const response = await call(operation);
      expect(response.statusCode, `${operation.method} ${operation.path}`).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it("answers 403 to an assessor's call of every admin route", async () => {
    const adminOnly = operations.filter((operation) =>
      operation.security.some((requirement) => requirement.sessionCookie?.includes('admin')),
    );
    expect(adminOnly.length).toBeGreaterThanOrEqual(3);
    for (const operation of adminOnly) {
      const response = await call(operation, assessor.cookie);
      expect(response.statusCode, `${operation.method} ${operation.path}`).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('refuses unsafe requests from another origin before anything else', async () => {
    const admin = await t.signInAsAdmin();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { origin: 'https://evil.example', cookie: admin },
      payload: {
        name: 'Intruso',
        email: 'intruso@cca.test',
        role: 'admin',
        password: 'senha-forte-99',
      },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CROSS_SITE_REQUEST');
    const crossSiteFetch = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'sec-fetch-site': 'cross-site', cookie: admin, 'content-type': 'text/plain' },
      payload: '{"name":"Intruso"}',
    });
    expect(crossSiteFetch.statusCode).toBe(403);
    const users = (await t.app.inject({ url: '/api/users', headers: { cookie: admin } })).json()
      .users;
    expect(users.some((user: { email: string }) => user.email === 'intruso@cca.test')).toBe(false);
  });

  it('refuses a text/plain body with 415 in the error shape', async () => {
    const admin = await t.signInAsAdmin();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { origin: testOrigin, cookie: admin, 'content-type': 'text/plain' },
      payload: 'name=x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('sends the API’s security headers on its answers, an error’s too: nothing runs, frames or stays in a cache', async () => {
    for (const url of ['/api/health', '/api/my-leads']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(url === '/api/health' ? 200 : 401);
      expect(response.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('refuses to start with an API route that does not say who may call it', async () => {
    const app = Fastify();
    registerAccessControl(app, {
      resolveSession: async () => {
        throw new Error('not used');
      },
      authenticateToken: async () => {
        throw new Error('not used');
      },
      trustedOrigins: [],
    });
    expect(() => app.get('/api/forgotten', async () => 'ok')).toThrow(/config\.access/);
    await app.close();
  });
});
