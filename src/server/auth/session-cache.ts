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
 * session from the database (decision 032). Every server forgets a user's sessions when
 * PostgreSQL notifies that one of them, or the user, changed (all of them for an empty word),
 * and keeps none while its listening connection is lost: then every request reads the
 * database, as before.
 *
 * A read that a change overtook is not kept: `changes` counts the notifications, and a read
 * keeps its answer only if none arrived while it ran. A change committed after such a read
 * began is either counted before the read ends, or clears the answer once it arrives.
 */
export function createSessionCache(options: SessionCacheOptions): SessionCache {
  const keepMs = options.keepMs ?? 60_000;
  const maxSessions = options.maxSessions ?? 10_000;
  const now = options.now ?? (() => Date.now());
  const kept = new Map<string, { session: StoredSession; until: number }>();
  const tokensOf = new Map<string, Set<string>>();
  let changes = 0;

  function forget(token: string) {
    const entry = kept.get(token);
    if (!entry) return;
    kept.delete(token);
    const tokens = tokensOf.get(entry.session.userId);
    tokens?.delete(token);
    if (tokens?.size === 0) tokensOf.delete(entry.session.userId);
  }

  function forgetAll() {
    changes += 1;
    kept.clear();
    tokensOf.clear();
  }

  function forgetUser(userId: string | undefined) {
    if (!userId) return forgetAll();
    changes += 1;
    for (const token of tokensOf.get(userId) ?? []) forget(token);
  }

  function keep(token: string, session: StoredSession) {
    if (kept.size >= maxSessions) forget(kept.keys().next().value as string);
    kept.set(token, { session, until: now() + keepMs });
    const tokens = tokensOf.get(session.userId);
    if (tokens) tokens.add(token);
    else tokensOf.set(session.userId, new Set([token]));
  }

  options.listener.listen(sessionsChangedChannel, forgetUser);
  options.listener.onListening(forgetAll);

  return {
    async findByToken(token) {
      const entry = kept.get(token);
      if (entry && entry.until > now()) return entry.session;
      if (entry) forget(token);

      const changesBefore = changes;
      const session = await options.find(token);
      if (session && changes === changesBefore && options.listener.isListening()) {
        keep(token, session);
      }
      return session;
    },
    forgetAll,
  };
}
