import type { NotificationListener } from '../db/notification-listener.ts';
import type { StoredSession } from './session.repository.ts';

/** The channel migration 0032 notifies when a session or a user changes. */
export const sessionsChangedChannel = 'cca_sessions';

export interface SessionCacheOptions {
  /** Reads a session from the database: what the cache saves on most requests. */
  find: (token: string) => Promise<StoredSession | undefined>;
  listener: NotificationListener;
  /** How long a session is kept at most, should a notification ever go astray. */
  keepMs?: number;
  maxSessions?: number;
  now?: () => number;
}

export interface SessionCache {
  findByToken(token: string): Promise<StoredSession | undefined>;
  /** Forgets every session kept, for a change this server has just committed. */
  forgetAll(): void;
}

/**
 * The sessions of the last requests, kept in memory so that a request need not read its
 * session from the database (decision 032). Every server forgets them all when PostgreSQL
 * notifies that a session or a user changed, and keeps none while its listening connection is
 * lost: then every request reads the database, as before.
 *
 * A read that a change overtakes is not kept: `changes` counts the notifications, and a read
 * keeps its answer only if none arrived while it ran. A change committed after such a read
 * began is either counted before the read ends, or clears the answer once it arrives.
 */
export function createSessionCache(options: SessionCacheOptions): SessionCache {
  const keepMs = options.keepMs ?? 60_000;
  const maxSessions = options.maxSessions ?? 10_000;
  const now = options.now ?? (() => Date.now());
  const kept = new Map<string, { session: StoredSession; until: number }>();
  let changes = 0;

  function forgetAll() {
    changes += 1;
    kept.clear();
  }
  options.listener.listen(sessionsChangedChannel, forgetAll);
  options.listener.onListening(forgetAll);

  return {
    async findByToken(token) {
      const entry = kept.get(token);
      if (entry && entry.until > now()) return entry.session;
      if (entry) kept.delete(token);

      const changesBefore = changes;
      const session = await options.find(token);
      if (session && changes === changesBefore && options.listener.isListening()) {
        if (kept.size >= maxSessions) kept.delete(kept.keys().next().value as string);
        kept.set(token, { session, until: now() + keepMs });
      }
      return session;
    },
    forgetAll,
  };
}
