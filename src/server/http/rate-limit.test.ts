import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { apiRateLimitPerMinute: 3 } });
});
afterAll(() => t.close());

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
