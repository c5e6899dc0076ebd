import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface ThrottleRule {
  maxFailures: number;
  windowSeconds: number;
  blockSeconds: number;
}

/**
 * Counts failures per key (an address group or an account) in PostgreSQL, so that every
 * server behind a load balancer sees the same counts.
 */
export function createSignInThrottleRepository(db: Kysely<Database>) {
  return {
    /** Seconds until the first of these keys is released, or 0 when none is blocked. */
    async blockedForSeconds(keys: string[]): Promise<number> {
      const row = await db
        .selectFrom('sign_in_throttle')
        .select(sql<number>`ceil(extract(epoch from max(blocked_until) - now()))`.as('seconds'))
        .where('key', 'in', keys)
        .where('blocked_until', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return Math.max(0, row?.seconds ?? 0);
    },

    async recordFailure(key: string, rule: ThrottleRule): Promise<void> {
      const window = sql`make_interval(secs => ${rule.windowSeconds})`;
      const block = sql`make_interval(secs => ${rule.blockSeconds})`;
      await sql`
        INSERT INTO sign_in_throttle AS t (key, failures, window_started_at)
        VALUES (${key}, 1, now())
        ON CONFLICT (key) DO UPDATE SET
          failures = CASE WHEN t.window_started_at < now() - ${window} THEN 1 ELSE t.failures + 1 END,
          window_started_at = CASE WHEN t.window_started_at < now() - ${window} THEN now() ELSE t.window_started_at END,
          blocked_until = CASE
            WHEN t.window_started_at >= now() - ${window} AND t.failures + 1 >= ${rule.maxFailures}
            THEN now() + ${block} ELSE t.blocked_until END
      `.execute(db);
    },

    /**
     * Counts an attempt before it is checked, in one statement per key, and answers the
     * seconds to wait when it may not be checked at all. Concurrent attempts are counted one
     * after the other on the key's row, so a burst gets `maxFailures` password checks, not
     * one per request; an attempt that succeeds gives its count back (`release`).
     */
    async reserve(keys: [key: string, rule: ThrottleRule][]): Promise<number> {
      let waitSeconds = 0;
      for (const [key, rule] of keys) {
        const window = sql`make_interval(secs => ${rule.windowSeconds})`;
        const block = sql`make_interval(secs => ${rule.blockSeconds})`;
        const expired = sql`t.window_started_at < now() - ${window}`;
        const result = await sql<{ seconds: number | null }>`
          INSERT INTO sign_in_throttle AS t (key, failures, window_started_at)
          VALUES (${key}, 1, now())
          ON CONFLICT (key) DO UPDATE SET
            failures = CASE WHEN ${expired} THEN 1 ELSE t.failures + 1 END,
            window_started_at = CASE WHEN ${expired} THEN now() ELSE t.window_started_at END,
            blocked_until = CASE
              WHEN NOT ${expired} AND t.failures + 1 > ${rule.maxFailures}
              THEN greatest(t.blocked_until, now() + ${block}) ELSE t.blocked_until END
          RETURNING ceil(extract(epoch from blocked_until - now()))::int AS seconds
        `.execute(db);
        waitSeconds = Math.max(waitSeconds, result.rows[0]?.seconds ?? 0);
      }
      return waitSeconds;
    },

    /** Gives back an attempt counted by `reserve` that turned out right. */
    async release(key: string): Promise<void> {
      await sql`
        UPDATE sign_in_throttle SET failures = greatest(failures - 1, 0) WHERE key = ${key}
      `.execute(db);
    },

    /** Lifts every sign-in limit of an account, from anywhere: an administrator's unlock. */
    async clearAccount(executor: Kysely<Database>, email: string): Promise<void> {
      const key = `account:${email.toLowerCase()}`;
      await sql`
        DELETE FROM sign_in_throttle WHERE key = ${key} OR starts_with(key, ${`${key}@`})
      `.execute(executor);
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('sign_in_throttle').where('key', '=', key).execute();
    },
  };
}
export type SignInThrottleRepository = ReturnType<typeof createSignInThrottleRepository>;
