import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testOrigin } from '../testing/test-app.ts';
import { bearer, createTestToken } from '../testing/test-tokens.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { apiRateLimitPerMinute: 3, apiTokenRateLimitPerMinute: 3 } });
});
afterAll(() => t.close());

/** A token as a real one is written, whose public id and secret are made up. */
const madeUpToken = (publicId = randomBytes(6).toString('hex')) =>
  `cca_${publicId}_${randomBytes(32).toString('base64url')}`;

describe('the API rate limit', () => {
  it('refuses an address past the limit with 429 in the error shape', async () => {
    const statuses: number[] = [];
    for (let call = 0; call < 5; call++) {
      statuses.push((await t.app.inject({ url: '/api/me', remoteAddress: '10.9.9.1' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const refused = await t.app.inject({ url: '/api/me', remoteAddress: '10.9.9.1' });
    expect(refused.json().error.code).toBe('TOO_MANY_REQUESTS');
  });

  it("never refuses a load balancer's health checks", async () => {
    for (let call = 0; call < 10; call++) {
      const response = await t.app.inject({ url: '/api/health', remoteAddress: '10.9.9.2' });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('the rate limit of requests with a made-up token', () => {
  it('counts a fresh made-up token on each request against the address', async () => {
    const statuses: number[] = [];
    for (let call = 0; call < 6; call++) {
      const response = await t.app.inject({
        url: '/api/leads?limit=1',
        headers: bearer(madeUpToken()),
        remoteAddress: '10.9.7.1',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it('stops a flood of sign-ins with made-up tokens before it writes to the audit log', async () => {
    const email = 'alvo-de-tokens@cca.test';
    const statuses: number[] = [];
    for (let call = 0; call < 12; call++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: testOrigin, ...bearer(madeUpToken()) },
        payload: { email, password: 'errada-errada' },
        remoteAddress: '10.9.6.1',
      });
      statuses.push(response.statusCode);
    }
    const rows = await t.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'auth.sign_in_failed')
      .where('actor_email', '=', email)
      .execute();
    expect({ statuses, auditRows: rows.length }).toEqual({
      statuses: [401, 401, 401, ...Array(9).fill(429)],
      auditRows: 3,
    });
  });

  it("counts wrong secrets against their sender's address, never against the token", async () => {
    const admin = await t.signInAsAdmin();
    const token = await createTestToken(t, admin, ['leads:read']);
    const publicId = /^cca_([a-z0-9]{12})_/.exec(token.secret)?.[1];
    const integration = () =>
      t.app.inject({
        url: '/api/leads?limit=1',
        headers: bearer(token.secret),
        remoteAddress: '10.9.5.1',
      });
    expect((await integration()).statusCode).toBe(200);
    const attacker: number[] = [];
    for (let call = 0; call < 5; call++) {
      const response = await t.app.inject({
        url: '/api/leads?limit=1',
        headers: bearer(madeUpToken(publicId)),
        remoteAddress: '10.9.5.2',
      });
      attacker.push(response.statusCode);
    }
    expect({ integration: (await integration()).statusCode, attacker }).toEqual({
      integration: 200,
      attacker: [401, 401, 401, 429, 429],
    });
  });
});
