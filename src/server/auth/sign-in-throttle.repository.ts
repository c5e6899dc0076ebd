import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface ThrottleRule {
  /** Failures allowed in a window before each further try must wait. */
  maxFailures: number;
  windowSeconds: number;
  /** The wait after the last allowed failure. */
  blockSeconds: number;
  /**
   * With it, the wait doubles at each further failure up to this: the delay grows for whoever
   * keeps guessing, while someone who mistyped once more waits a minute, not a quarter hour.
   */
  longestBlockSeconds?: number;
}

/** Accounts keep the addresses they signed in from this long. */
const knownAddressDays = 90;

export function createSignInThrottleRepository(db: Kysely<Database>) {
  /** Seconds until the first of these keys is released, or 0 when none is blocked. */
  async function blockedForSeconds(keys: string[]): Promise<number> {
    const row = await db
      .selectFrom('sign_in_throttle')
      .select(sql<number>`ceil(extract(epoch from max(blocked_until) - now()))`.as('seconds'))
      .where('key', 'in', keys)
      .where('blocked_until', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return Math.max(0, row?.seconds ?? 0);
  }

  return {
    /**
     * Counts an attempt before it is checked, in one statement per key, and answers the
     * seconds to wait when it may not be checked at all. Concurrent attempts are counted one
     * after the other on the key's row, so a burst gets `maxFailures` password checks, not
     * one per request. The attempt that reaches the limit sets the wait before the next
     * (longer at each one, with `longestBlockSeconds`); one that succeeds gives its count and
     * that wait back (`release`). Attempts refused while a key waits are not counted.
     */
    async reserve(keys: [key: string, rule: ThrottleRule][]): Promise<number> {
      let waitSeconds = 0;
      for (const [key, rule] of keys) {
        const expired = sql`t.window_started_at < now() - make_interval(secs => ${rule.windowSeconds})`;
        const count = sql`CASE WHEN ${expired} THEN 1 ELSE t.failures + 1 END`;
        const reserved = await sql`
          INSERT INTO sign_in_throttle AS t (key, failures, window_started_at, blocked_until)
          VALUES (${key}, 1, now(), ${blockAfter(sql`1`, rule)})
          ON CONFLICT (key) DO UPDATE SET
            failures = ${count},
            window_started_at = CASE WHEN ${expired} THEN now() ELSE t.window_started_at END,
            blocked_until = ${blockAfter(count, rule)}
          WHERE t.blocked_until IS NULL OR t.blocked_until <= now()
          RETURNING 1
        `.execute(db);
        if (reserved.rows.length === 0) {
          waitSeconds = Math.max(waitSeconds, await blockedForSeconds([key]));
        }
      }
      return waitSeconds;
    },

    /** Gives back an attempt counted by `reserve` that turned out right, and its wait. */
    async release(key: string, rule: ThrottleRule): Promise<void> {
      await sql`
        UPDATE sign_in_throttle
           SET failures = greatest(failures - 1, 0),
               blocked_until = CASE WHEN failures - 1 < ${rule.maxFailures} THEN NULL ELSE blocked_until END
         WHERE key = ${key}
      `.execute(db);
    },

    /** Whether the account signed in from this address group in the last few months. */
    async isKnownAddress(account: string, addressGroup: string): Promise<boolean> {
      const row = await db
        .selectFrom('sign_in_addresses')
        .select('account')
        .where('account', '=', account)
        .where('address_group', '=', addressGroup)
        .where('signed_in_at', '>', sql<Date>`now() - make_interval(days => ${knownAddressDays})`)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Remembers a sign-in's address group for the account, forgetting the ones long unused. */
    async rememberAddress(account: string, addressGroup: string): Promise<void> {
      await sql`
        INSERT INTO sign_in_addresses (account, address_group) VALUES (${account}, ${addressGroup})
        ON CONFLICT (account, address_group) DO UPDATE SET signed_in_at = now()
      `.execute(db);
      await sql`
        DELETE FROM sign_in_addresses
         WHERE account = ${account}
           AND signed_in_at < now() - make_interval(days => ${knownAddressDays})
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
/**
 * When the try numbered `count` reaches the limit, the moment the next may come: the first
 * wait, doubled at each try past the limit, up to the longest; otherwise no wait.
 */
function blockAfter(count: RawBuilder<unknown>, rule: ThrottleRule) {
  const longest = rule.longestBlockSeconds ?? rule.blockSeconds;
  const seconds = sql`least(${rule.blockSeconds} * power(2, least(${count} - ${rule.maxFailures}, 20)), ${longest})`;
  return sql`CASE WHEN ${count} >= ${rule.maxFailures} THEN now() + make_interval(secs => ${seconds}) END`;
}

export type SignInThrottleRepository = ReturnType<typeof createSignInThrottleRepository>;
