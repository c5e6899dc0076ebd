import { type Kysely, sql } from 'kysely';

/**
 * The assessor's list is read group by group, each from an index in the group's own order, so
 * a page costs the page and not the whole list (decision 013):
 *
 * - call-backs (`yellow`) by their time, due ones first;
 * - leads not yet attended (`assigned`) by the time they were received;
 * - retries (`no_answer`) by how often they were tried, then since when.
 *
 * Each index holds one status only: a call moves the lead from one to another. The owner's
 * index no longer needs the ordering columns it carried for ranking the whole list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX leads_owner_callbacks_idx ON leads (owner_id, callback_at, id)
      WHERE status = 'yellow';
    CREATE INDEX leads_owner_not_attended_idx ON leads (owner_id, assigned_at, id)
      WHERE status = 'assigned';
    CREATE INDEX leads_owner_retries_idx ON leads (owner_id, attempts, status_changed_at, id)
      WHERE status = 'no_answer';

    DROP INDEX leads_owner_status_idx;
    CREATE INDEX leads_owner_status_idx ON leads (owner_id, status, id) WHERE owner_id IS NOT NULL;
  `.execute(db);
}
