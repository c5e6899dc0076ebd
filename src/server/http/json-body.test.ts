import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, createTestApp, type TestApp, testOrigin } from '../testing/test-app.ts';
import { authBodyLimit, maxJsonDepth, nestsDeeperThan } from './json-body.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

function postJson(url: string, payload: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { origin: testOrigin, 'content-type': 'application/json', ...headers },
    payload,
  });
}

describe('JSON bodies', () => {
  it('refuses a sign-in body over a few kilobytes by its length, with 413 in Portuguese', async () => {
    const response = await postJson(
      '/api/auth/sign-in/email',
      JSON.stringify({ ...adminCredentials, padding: 'x'.repeat(authBodyLimit) }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    const fine = await postJson('/api/auth/sign-in/email', JSON.stringify(adminCredentials));
    expect(fine.statusCode).toBe(200);
  });

  it('refuses a body nested deeper than any of the API takes, before parsing it', async () => {
    const cookie = await t.signInAsAdmin();
    const response = await postJson('/api/leads/bulk', nested(maxJsonDepth + 1), { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'O JSON enviado tem níveis demais, um dentro do outro.',
    );
  });

  it('still refuses prototype poisoning', async () => {
    const cookie = await t.signInAsAdmin();
    const response = await postJson('/api/leads/bulk', '{"__proto__":{"admin":true}}', {
      cookie,
    });
    expect(response.statusCode).toBe(400);
  });

  it('counts depth outside strings only', () => {
    expect(nestsDeeperThan(nested(32), 32)).toBe(false);
    expect(nestsDeeperThan(nested(33), 32)).toBe(true);
    expect(nestsDeeperThan(`{"a":"${'{'.repeat(100)}"}`, 32)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\"${'['.repeat(100)}"}`, 32)).toBe(false);
    expect(nestsDeeperThan(`[${'['.repeat(40)}`, 32)).toBe(true);
  });
});
