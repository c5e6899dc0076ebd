import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createNotificationListener,
  type NotificationListener,
} from '../db/notification-listener.ts';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app.ts';
import { createSessionRepository } from './session.repository.ts';
import {
  createSessionCache,
  type SessionCacheOptions,
  sessionsChangedChannel,
} from './session-cache.ts';

let t: TestApp;
let user: TestUser;
let token: string;
const listeners: NotificationListener[] = [];

beforeAll(async () => {
  t = await createTestApp();
  user = await t.createSignedInUser('assessor', 'Ana Cache');
  token = await tokenOf(user);
});
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((listener) => listener.close()));
});
afterAll(() => t.close());

async function tokenOf(signedIn: TestUser) {
  const row = await t.database.db
    .selectFrom('sessions')
    .select('token')
    .where('user_id', '=', signedIn.id)
    .executeTakeFirstOrThrow();
  return row.token;
}

/** A listener on the test's database, or on a port where nobody answers. */
function listening(database: 'test database' | 'nowhere' = 'test database') {
  const connection =
    database === 'nowhere' ? { host: '127.0.0.1', port: 1 } : t.database.pool.options;
  const listener = createNotificationListener({ connection, minRetryMs: 60_000 });
  listeners.push(listener);
  return listener;
}

/** A cache over the real repository, counting its reads of the database. */
function cacheOf(listener: NotificationListener, options: Partial<SessionCacheOptions> = {}) {
  const sessions = createSessionRepository(t.database.db);
  const reads: string[] = [];
  const cache = createSessionCache({
    listener,
    find: (asked) => {
      reads.push(asked);
      return sessions.findByToken(asked);
    },
    ...options,
  });
  return { cache, reads };
}

/** Resolves once `listener` has heard of a change to sessions or users, after the cache. */
function nextChange(listener: NotificationListener) {
  return new Promise<void>((resolve) => {
    const stop = listener.listen(sessionsChangedChannel, () => {
      stop();
      resolve();
    });
  });
}

const renameTo = (name: string) =>
  t.database.db.updateTable('users').set({ name }).where('id', '=', user.id).execute();

describe('the sessions a server keeps in memory', () => {
  it("answers a session from memory until PostgreSQL tells of a change to its user's", async () => {
    const listener = listening();
    const { cache, reads } = cacheOf(listener);
    expect(await listener.whenListening(5_000)).toBe(true);
    const other = await t.createSignedInUser('assessor', 'Bia Outra');

    expect((await cache.findByToken(token))?.name).toBe('Ana Cache');
    expect((await cache.findByToken(token))?.name).toBe('Ana Cache');
    expect(reads).toHaveLength(1);

    // Another user's change, or their session's refresh, leaves this session kept.
    let heard = nextChange(listener);
    await t.database.db
      .updateTable('sessions')
      .set({ updated_at: new Date() })
      .where('user_id', '=', other.id)
      .execute();
    await heard;
    await cache.findByToken(token);
    expect(reads).toHaveLength(1);

    heard = nextChange(listener);
    await renameTo('Ana Renomeada');
    await heard;
    expect((await cache.findByToken(token))?.name).toBe('Ana Renomeada');
    expect(reads).toHaveLength(2);

    heard = nextChange(listener);
    await t.database.db
      .updateTable('sessions')
      .set({ updated_at: new Date() })
      .where('token', '=', token)
      .execute();
    await heard;
    await cache.findByToken(token);
    expect(reads).toHaveLength(3);
    await renameTo('Ana Cache');
  });

  it('keeps nothing while it is not listening: every request reads the database', async () => {
    const listener = listening('nowhere');
    const { cache, reads } = cacheOf(listener);
    expect(await listener.whenListening(200)).toBe(false);
    await cache.findByToken(token);
    await cache.findByToken(token);
    expect(reads).toHaveLength(2);
  });

  it('does not keep a read that a change overtook while it ran', async () => {
    const listener = listening();
    const sessions = createSessionRepository(t.database.db);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reads = 0;
    const cache = createSessionCache({
      listener,
      find: async (asked) => {
        reads += 1;
        const session = await sessions.findByToken(asked);
        if (reads === 1) await held;
        return session;
      },
    });
    expect(await listener.whenListening(5_000)).toBe(true);

    const stale = cache.findByToken(token);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const heard = nextChange(listener);
    await renameTo('Ana Depois');
    await heard;
    release();
    expect((await stale)?.name).toBe('Ana Cache');
    expect((await cache.findByToken(token))?.name).toBe('Ana Depois');
    expect(reads).toBe(2);
    await renameTo('Ana Cache');
  });

  it('forgets everything it keeps when told by its own server, and when the connection drops', async () => {
    const listener = listening();
    const { cache, reads } = cacheOf(listener);
    expect(await listener.whenListening(5_000)).toBe(true);
    await cache.findByToken(token);
    cache.forgetAll();
    await cache.findByToken(token);
    expect(reads).toHaveLength(2);

    await listener.close();
    await cache.findByToken(token);
    await cache.findByToken(token);
    expect(reads).toHaveLength(4);
  });

  it('keeps a session for keepMs at most, and maxSessions sessions at most', async () => {
    const listener = listening();
    let clock = 1_000_000;
    const { cache, reads } = cacheOf(listener, { keepMs: 1_000, maxSessions: 1, now: () => clock });
    expect(await listener.whenListening(5_000)).toBe(true);
    await cache.findByToken(token);
    clock += 999;
    await cache.findByToken(token);
    expect(reads).toHaveLength(1);
    clock += 1;
    await cache.findByToken(token);
    expect(reads).toHaveLength(2);

    const other = await t.createSignedInUser('assessor', 'Bia Cache');
    const otherToken = await tokenOf(other);
    expect((await cache.findByToken(otherToken))?.name).toBe('Bia Cache');
    await cache.findByToken(token);
    expect(reads).toHaveLength(4);
    await cache.findByToken(token);
    expect(reads).toHaveLength(4);
  });

  it('forgets every session when a table is emptied at once', async () => {
    const listener = listening();
    const { cache, reads } = cacheOf(listener);
    expect(await listener.whenListening(5_000)).toBe(true);
    expect(await cache.findByToken(token)).toBeDefined();
    const heard = nextChange(listener);
    await sql`TRUNCATE sessions`.execute(t.database.db);
    await heard;
    expect(await cache.findByToken(token)).toBeUndefined();
    expect(reads).toHaveLength(2);
  });
});
