import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testAuthSecret } from '../testing/test-app.ts';
import { verifiedToken } from './session.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (cookie: string) => t.app.inject({ url: '/api/me', headers: { cookie } });
const sessionCookie = (cookie: string) =>
  decodeURIComponent(cookie.split('=').slice(1).join('=')).split('.');

describe('resolving the session of a request', () => {
  it('reads the token of a cookie signed with the secret, and nothing else', async () => {
    const user = await t.createSignedInUser('assessor');
    const [token, signature] = sessionCookie(user.cookie);
    const value = `${token}.${signature}`;
    expect(verifiedToken(encodeURIComponent(value), testAuthSecret)).toBe(token);
    expect(verifiedToken(encodeURIComponent(value), `${testAuthSecret}x`)).toBeUndefined();
    expect(verifiedToken(encodeURIComponent(`${token}x.${signature}`), testAuthSecret)).toBe(
      undefined,
    );
    expect(verifiedToken('%E0%A4%A', testAuthSecret)).toBeUndefined();
    expect(verifiedToken('no-signature', testAuthSecret)).toBeUndefined();
  });

  it('refuses a cookie whose signature was tampered with', async () => {
    const user = await t.createSignedInUser('assessor');
    expect((await me(user.cookie)).statusCode).toBe(200);
    const [token, signature = ''] = sessionCookie(user.cookie);
    const forged = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const response = await me(`cca.session_token=${encodeURIComponent(`${token}.${forged}`)}`);
    expect(response.statusCode).toBe(401);
  });

  it('sees at once a session removed or a user deactivated in the database', async () => {
    const removed = await t.createSignedInUser('assessor');
    expect((await me(removed.cookie)).statusCode).toBe(200);
    await t.database.db.deleteFrom('sessions').where('user_id', '=', removed.id).execute();
    expect((await me(removed.cookie)).statusCode).toBe(401);

    const deactivated = await t.createSignedInUser('assessor');
    expect((await me(deactivated.cookie)).statusCode).toBe(200);
    await t.database.db
      .updateTable('users')
      .set({ active: false })
      .where('id', '=', deactivated.id)
      .execute();
    expect((await me(deactivated.cookie)).statusCode).toBe(401);
    const left = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', deactivated.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('answers a session asked twice in a row the same, without a new cookie', async () => {
    const user = await t.createSignedInUser('admin');
    const first = await me(user.cookie);
    const second = await me(user.cookie);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['set-cookie']).toBeUndefined();
  });
});
