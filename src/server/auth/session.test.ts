import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listenerApplicationName } from '../db/notification-listener.ts';
import { createTestApp, type TestApp, testAuthSecret, testOrigin } from '../testing/test-app.ts';
import { verifiedToken } from './session.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (cookie: string) => t.as(cookie).get('/api/me');
const sessionCookie = (cookie: string) =>
  decodeURIComponent(cookie.split('=').slice(1).join('=')).split('.');

/** Waits until the app's LISTEN connection is in place: from then on it keeps sessions. */
async function untilListening() {
  await vi.waitFor(async () => {
    const { rows } = await sql<{ query: string }>`
      select query from pg_stat_activity
      where application_name = ${listenerApplicationName} and datname = current_database()
    `.execute(t.database.db);
    expect(rows[0]?.query).toMatch(/^LISTEN/);
  });
}

/** Runs `work` with the triggers that notify changes to sessions and users turned off. */
async function withoutNotifications(work: () => Promise<void>) {
  const triggers = (state: 'ENABLE' | 'DISABLE') =>
    Promise.all(
      ['sessions', 'users'].map((table) =>
        sql`ALTER TABLE ${sql.table(table)} ${sql.raw(state)} TRIGGER ${sql.raw(`${table}_changed`)}`.execute(
          t.database.db,
        ),
      ),
    );
  await triggers('DISABLE');
  try {
    await work();
  } finally {
    await triggers('ENABLE');
  }
}

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

  it('sees a session removed or a user deactivated in the database once PostgreSQL tells it', async () => {
    await untilListening();
    const removed = await t.createSignedInUser('assessor');
    expect((await me(removed.cookie)).statusCode).toBe(200);
    expect((await me(removed.cookie)).statusCode).toBe(200);
    await t.database.db.deleteFrom('sessions').where('user_id', '=', removed.id).execute();
    await vi.waitFor(async () => expect((await me(removed.cookie)).statusCode).toBe(401));

    const deactivated = await t.createSignedInUser('assessor');
    expect((await me(deactivated.cookie)).statusCode).toBe(200);
    expect((await me(deactivated.cookie)).statusCode).toBe(200);
    await t.database.db
      .updateTable('users')
      .set({ active: false })
      .where('id', '=', deactivated.id)
      .execute();
    await vi.waitFor(async () => expect((await me(deactivated.cookie)).statusCode).toBe(401));
    const left = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', deactivated.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses at once, before any notification, a session this server has just ended', async () => {
    await untilListening();
    const admin = await t.signInAsAdmin();
    const dismissed = await t.createSignedInUser('assessor');
    const promoted = await t.createSignedInUser('assessor', 'Promovida');
    const leaving = await t.createSignedInUser('assessor');
    const forgetful = await t.createSignedInUser('assessor');
    for (const user of [dismissed, promoted]) await me(user.cookie);
    await withoutNotifications(async () => {
      // The sessions are kept: a change by hand goes unseen while nothing is notified.
      await t.database.db
        .updateTable('users')
        .set({ name: 'Renomeada' })
        .where('id', '=', promoted.id)
        .execute();
      expect((await me(promoted.cookie)).json().name).toBe('Promovida');

      const asAdmin = t.as(admin).headers;
      await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${dismissed.id}`,
        headers: asAdmin,
        payload: { active: false },
      });
      expect((await me(dismissed.cookie)).statusCode).toBe(401);
      await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${promoted.id}`,
        headers: asAdmin,
        payload: { role: 'admin' },
      });
      expect((await me(promoted.cookie)).json().role).toBe('admin');

      // Each asks again first, so that its session is kept when it ends.
      await me(leaving.cookie);
      const signOut = await t.as(leaving).post('/api/auth/sign-out');
      expect(signOut.statusCode).toBe(200);
      expect((await me(leaving.cookie)).statusCode).toBe(401);

      await me(forgetful.cookie);
      const mailsBefore = t.mails.length;
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: testOrigin },
        payload: { email: forgetful.email },
      });
      await vi.waitFor(() => expect(t.mails.length).toBeGreaterThan(mailsBefore));
      const token = t.mails.at(-1)?.text.match(/resetpassword\?token=([\w-]+)/)?.[1];
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: { origin: testOrigin },
        payload: { token, newPassword: 'Outra-senha-forte-9' },
      });
      expect(reset.statusCode).toBe(200);
      expect((await me(forgetful.cookie)).statusCode).toBe(401);
    });
  });

  it('answers a session asked twice in a row the same, without a new cookie', async () => {
    const user = await t.createSignedInUser('admin');
    const first = await me(user.cookie);
    const second = await me(user.cookie);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['set-cookie']).toBeUndefined();
  });
});
