import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgotPasswordMessage } from '../../core/auth.ts';
import {
  adminCredentials,
  cookieFrom,
  createTestApp,
  type TestApp,
  testOrigin,
} from '../testing/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const signInRequest = (email: string, password: string, remoteAddress = '10.0.0.1') =>
  t.signInAttempt(email, password, remoteAddress);

const me = (cookie: string) => t.as(cookie).get('/api/me');

const requestReset = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { origin: testOrigin },
    payload: { email },
  });

const resetPassword = (token: string, newPassword: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: { origin: testOrigin },
    payload: { token, newPassword },
  });

/** Asks for a link for a known address and waits for its mail, sent after the answer. */
async function requestResetMail(email: string) {
  const before = t.mails.length;
  const response = await requestReset(email);
  await vi.waitFor(() => expect(t.mails.length).toBeGreaterThan(before), { timeout: 5000 });
  return response;
}

function linkToken(text: string | undefined): string {
  const token = text?.match(/resetpassword\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no reset link in ${text}`);
  return token;
}

describe('sign-in', () => {
  it('sets an HttpOnly, SameSite session cookie with no long lifetime', async () => {
    const response = await signInRequest(adminCredentials.email, adminCredentials.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: adminCredentials.email, role: 'admin' });
    const session = response.cookies.find((cookie) => cookie.name === 'cca.session_token');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.maxAge ?? 0).toBeLessThanOrEqual(12 * 3600);
    expect(session?.secure).toBeFalsy();
  });

  it('marks the cookie Secure behind https', async () => {
    const secure = await createTestApp({
      env: {
        appUrl: 'https://cca.test',
        trustedOrigins: ['https://cca.test'],
        secureCookies: true,
      },
    });
    try {
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: 'https://cca.test' },
        payload: adminCredentials,
      });
      expect(response.statusCode).toBe(200);
      const session = response.cookies.find((cookie) => cookie.name.endsWith('cca.session_token'));
      expect(session?.secure).toBe(true);
      expect(response.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await secure.close();
    }
  });

  it('gives a new session id at every sign-in', async () => {
    const first = cookieFrom(
      await signInRequest(adminCredentials.email, adminCredentials.password),
    );
    const second = cookieFrom(
      await signInRequest(adminCredentials.email, adminCredentials.password),
    );
    expect(first).not.toBe(second);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const wrong = await signInRequest(adminCredentials.email, 'senha-errada-123', '10.0.1.1');
    const unknown = await signInRequest('ninguem@cca.test', 'senha-errada-123', '10.0.1.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: 'E-mail ou senha incorretos.' },
    });
  });

  it('refuses a sign-in posted from another site', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example' },
      payload: adminCredentials,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CROSS_SITE_REQUEST');
    expect(response.cookies).toHaveLength(0);
  });

  it('offers no public sign-up', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: testOrigin },
      payload: { name: 'Intruso', email: 'intruso@cca.test', password: 'senha-muito-boa-1' },
    });
    expect(response.statusCode).toBe(404);
    await expect(t.signIn('intruso@cca.test', 'senha-muito-boa-1')).rejects.toThrow();
  });
});

describe('sessions', () => {
  it('sign-out ends the session on the server: the old cookie no longer works', async () => {
    const user = await t.createSignedInUser('assessor');
    expect((await me(user.cookie)).statusCode).toBe(200);
    const out = await t.as(user).post('/api/auth/sign-out');
    expect(out.statusCode).toBe(200);
    expect((await me(user.cookie)).statusCode).toBe(401);
  });

  it('ends a session idle for longer than the idle timeout', async () => {
    const user = await t.createSignedInUser('assessor');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 20 * 60_000);
    expect((await me(user.cookie)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 20 * 60_000);
    expect((await me(user.cookie)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 31 * 60_000);
    expect((await me(user.cookie)).statusCode).toBe(401);
  });

  it('ends a session at its absolute lifetime even when it is used all the time', async () => {
    const user = await t.createSignedInUser('assessor');
    const signedInAt = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    // Every 15 minutes for 12 hours: never idle, always within the lifetime.
    for (let quarter = 1; quarter <= 47; quarter++) {
      vi.setSystemTime(signedInAt + quarter * 15 * 60_000);
      expect((await me(user.cookie)).statusCode).toBe(200);
    }
    vi.setSystemTime(signedInAt + 12 * 3600_000 + 60_000);
    expect((await me(user.cookie)).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('answers the same neutral message whether the e-mail exists or not', async () => {
    const before = t.mails.length;
    const known = await requestReset(adminCredentials.email);
    const unknown = await requestReset('ninguem@cca.test');
    expect(known.json()).toEqual({ message: forgotPasswordMessage });
    expect(unknown.body).toBe(known.body);
    await vi.waitFor(() => expect(t.mails.length).toBe(before + 1), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.mails.length).toBe(before + 1);
  });

  it('mails an account at most 5 links an hour, even when asked many times at once', async () => {
    const user = await t.createSignedInUser('assessor');
    const mailsTo = () => t.mails.filter((mail) => mail.to === user.email).length;
    const answers = await Promise.all(Array.from({ length: 8 }, () => requestReset(user.email)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    await vi.waitFor(() => expect(mailsTo()).toBe(5), { timeout: 5000 });
    // The links are mailed after the answers: give any extra one time to show up.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo()).toBe(5);
  });

  it('answers a known address as fast as an unknown one', async () => {
    const known: string[] = [];
    for (let user = 0; user < 15; user++) {
      known.push((await t.createSignedInUser('assessor')).email);
    }
    const timeOf = async (email: string) => {
      const started = performance.now();
      const response = await requestReset(email);
      expect(response.statusCode).toBe(200);
      return performance.now() - started;
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    // Alternated, so that whatever else the machine does falls on both alike.
    for (const [round, email] of known.entries()) {
      knownTimes.push(await timeOf(email));
      unknownTimes.push(await timeOf(`ninguem-${round}@cca.test`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[7] ?? 0;
    expect(median(knownTimes)).toBeLessThan(median(unknownTimes) * 1.5 + 1);
  });

  it('sets a new password with a single-use link and ends every other session', async () => {
    const user = await t.createSignedInUser('assessor');
    await requestResetMail(user.email);
    const token = linkToken(t.mails.at(-1)?.text);
    const reset = () => resetPassword(token, 'nova-senha-forte-7');
    const first = await reset();
    expect(first.statusCode).toBe(200);
    expect((await me(user.cookie)).statusCode).toBe(401);
    await expect(t.signIn(user.email, user.password)).rejects.toThrow(/401/);
    await expect(t.signIn(user.email, 'nova-senha-forte-7')).resolves.toContain(
      'cca.session_token',
    );

    const again = await reset();
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_RESET_TOKEN');
  });

  it('refuses a link older than one hour', async () => {
    const user = await t.createSignedInUser('assessor');
    await requestResetMail(user.email);
    const token = linkToken(t.mails.at(-1)?.text);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 60_000);
    const response = await resetPassword(token, 'nova-senha-forte-8');
    expect(response.statusCode).toBe(400);
    vi.useRealTimers();
    await expect(t.signIn(user.email, user.password)).resolves.toContain('cca.session_token');
  });

  it('refuses a weak new password and keeps the link usable', async () => {
    const user = await t.createSignedInUser('assessor');
    await requestResetMail(user.email);
    const token = linkToken(t.mails.at(-1)?.text);
    const weak = await resetPassword(token, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toContain('muito comum');
    const good = await resetPassword(token, 'outra-senha-forte-2');
    expect(good.statusCode).toBe(200);
  });

  it('voids the other links of the user once one is used', async () => {
    const user = await t.createSignedInUser('assessor');
    await requestResetMail(user.email);
    const older = linkToken(t.mails.at(-1)?.text);
    await requestResetMail(user.email);
    const newer = linkToken(t.mails.at(-1)?.text);
    expect(newer).not.toBe(older);
    expect((await resetPassword(newer, 'senha-nova-forte-9')).statusCode).toBe(200);
    const reused = await resetPassword(older, 'outra-senha-forte-10');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('INVALID_RESET_TOKEN');
    await expect(t.signIn(user.email, 'senha-nova-forte-9')).resolves.toContain(
      'cca.session_token',
    );
  });
});
