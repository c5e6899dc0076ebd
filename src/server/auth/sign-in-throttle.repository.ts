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

    async clear(key: string): Promise<void> {
      await db.deleteFrom('sign_in_throttle').where('key', '=', key).execute();
    },
  };
}
export type SignInThrottleRepository = ReturnType<typeof createSignInThrottleRepository>;
