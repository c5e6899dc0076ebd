import { type Kysely, sql } from 'kysely';
import type { AuditAction } from '../../core/audit.ts';
import type { Database } from '../db/schema.ts';

/**
 * Makes the test's own database refuse the audit rows of `action` (a trigger raising an error),
 * runs `work`, and takes the trigger away: a change that writes its audit row in its own
 * transaction must then leave nothing behind.
 */
export async function withAuditRefused<T>(
  db: Kysely<Database>,
  action: AuditAction,
  work: () => Promise<T>,
): Promise<T> {
  await sql`create function refuse_audit_row() returns trigger language plpgsql as $$
    begin
      if new.action = ${sql.lit(action)} then raise exception 'audit row refused'; end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger refuse_audit_row before insert on audit_log
    for each row execute function refuse_audit_row()`.execute(db);
  try {
    return await work();
  } finally {
    await sql`drop trigger refuse_audit_row on audit_log`.execute(db);
    await sql`drop function refuse_audit_row()`.execute(db);
  }
}
