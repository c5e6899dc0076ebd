import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema.ts';

export interface HeldTableLock {
  /** Ends the transaction holding the lock; whoever waited for it goes on. */
  release(): Promise<void>;
}

/**
 * Holds `table` in SHARE mode from a transaction of its own: reads go on, but every INSERT,
 * UPDATE or DELETE on it waits. A server's write that reaches the table stops there, in the
 * middle of its transaction, for as long as the test wants.
 */
export async function holdTableLock(
  connectionString: string,
  table: string,
): Promise<HeldTableLock> {
  const client = new pg.Client({ connectionString, application_name: 'cca-test-lock' });
  await client.connect();
  await client.query('BEGIN');
  await client.query(`LOCK TABLE ${pg.escapeIdentifier(table)} IN SHARE MODE`);
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await client.query('ROLLBACK');
      await client.end();
    },
  };
}

export interface BlockedBackend {
  pid: number;
  /** The statement it is running. */
  query: string;
  /** Its transaction has written already (it holds a transaction id). */
  hasWritten: boolean;
  /** The tables it holds locks on. */
  lockedTables: string[];
}

/**
 * Waits until a backend of another session is stopped by a lock on `table`, and describes it:
 * where the server's transaction stands at that moment.
 */
export async function waitForBackendBlockedOn(
  db: Kysely<Database>,
  table: string,
  timeoutMs = 15_000,
): Promise<BlockedBackend> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const result = await sql<BlockedBackend>`
      select a.pid, a.query, a.backend_xid is not null as "hasWritten",
        array(
          select distinct held.relation::regclass::text from pg_locks held
          where held.pid = a.pid and held.granted and held.locktype = 'relation'
            and held.relation is not null
          order by 1
        ) as "lockedTables"
      from pg_locks l
      join pg_stat_activity a on a.pid = l.pid
      where not l.granted and l.locktype = 'relation'
        and l.relation = to_regclass(${table})
        and a.datname = current_database() and a.pid <> pg_backend_pid()
        -- pg_stat_activity is read apart from pg_locks: a backend read a moment before it
        -- blocked still shows its previous statement. Take it only once it shows the wait.
        and a.wait_event_type = 'Lock' and a.state = 'active'
      limit 1
    `.execute(db);
    const blocked = result.rows[0];
    if (blocked) return blocked;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no session waited for a lock on ${table} within ${timeoutMs} ms`);
}

/** Waits until the backend `pid` has ended (its transaction committed or rolled back). */
export async function waitForBackendGone(
  db: Kysely<Database>,
  pid: number,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const result = await sql<{ alive: boolean }>`
      select exists (select 1 from pg_stat_activity where pid = ${pid}) as alive
    `.execute(db);
    if (!result.rows[0]?.alive) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the backend ${pid} was still there after ${timeoutMs} ms`);
}
