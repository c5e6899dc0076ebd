import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DistributionResult } from '../../core/distribution.ts';
import { distributableStatuses, workableStatuses } from '../../core/lead-status.ts';
import { phoneIsFree } from '../db/blocked-phones.ts';
import { type LocalTime, localTime } from '../db/local-time.ts';
import type { Database } from '../db/schema.ts';
import { startsFrom, transitionSteps } from '../lead-transitions/index.ts';
import type { PoolLead } from './allocation.ts';

export interface PoolQuery {
  statuses: readonly string[];
  batchId?: number | undefined;
  source?: string | undefined;
}

export interface ShareRow {
  assessorId: string;
  requested: number;
  assigned: number;
  recycled: number;
}

function poolCondition(pool: PoolQuery): RawBuilder<SqlBool> {
  const conditions: RawBuilder<SqlBool>[] = [
    sql<SqlBool>`l.status = any(${pool.statuses}::text[])`,
  ];
  if (pool.batchId !== undefined) conditions.push(sql<SqlBool>`l.batch_id = ${pool.batchId}`);
  if (pool.source !== undefined) conditions.push(sql<SqlBool>`l.source = ${pool.source}`);
  return sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/** `timeZone`: the call centre's (TIME_ZONE), whose today "received today" counts. */
export function createDistributionRepository(db: Kysely<Database>, timeZone: string) {
  const local = localTime(timeZone);
  return {
    ...statements(db, local),
    /** The statements bound to a unit of work's transaction. */
    within: (executor: Kysely<Database>) => statements(executor, local),
  };
}
export type DistributionRepository = ReturnType<typeof createDistributionRepository>;
export type DistributionStatements = ReturnType<typeof statements>;

function statements(db: Kysely<Database>, { startOfToday }: LocalTime) {
  const distributable = [...distributableStatuses];
  return {
    /** The active assessors, or those of them among `ids` (a supervisor's). */
    async activeAssessors(ids?: readonly string[]) {
      return db
        .selectFrom('users')
        .select(['id', 'name', 'daily_quota as dailyQuota'])
        .where('role', '=', 'assessor')
        .where('active', '=', true)
        .$if(ids !== undefined, (query) => query.where('id', 'in', ids ?? []))
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    async usersByIds(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('users')
        .select(['id', 'name', 'role', 'active'])
        .where('id', 'in', ids)
        .execute();
    },

    /**
     * Creates the distribution row first, so that the unique (admin, key) index serialises two
     * requests with one Idempotency-Key: the second waits here for the first to commit, then
     * finds the key taken and answers nothing.
     */
    async claim(values: {
      createdBy: string;
      idempotencyKey: string | undefined;
      request: unknown;
      requested: number;
    }) {
      return sql<{ id: number; createdAt: Date }>`
        insert into distributions (created_by, idempotency_key, request, requested, assigned)
        values (${values.createdBy}, ${values.idempotencyKey ?? null},
          ${JSON.stringify(values.request)}::jsonb, ${values.requested}, 0)
        on conflict (created_by, idempotency_key) where idempotency_key is not null do nothing
        returning id, created_at as "createdAt"
      `
        .execute(db)
        .then((result) => result.rows[0]);
    },

    async findResultByKey(createdBy: string, idempotencyKey: string) {
      const row = await db
        .selectFrom('distributions')
        .select('result')
        .where('created_by', '=', createdBy)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      return (row?.result ?? undefined) as DistributionResult | undefined;
    },

    /**
     * Locks up to `limit` leads of the pool, oldest first; with `preferredAreaCodes`, first the
     * oldest of those area codes, then the oldest of the others. A blocked phone is never
     * handed out. SKIP LOCKED leaves the leads another distribution is handing out right now
     * to that one, so concurrent distributions split the pool instead of waiting for each
     * other or taking a lead twice.
     *
     * The pool is read in order through its own index (`leads_pool_idx`), a window of the next
     * leads at a time, so the leads already worked cost nothing to pass and the block lists
     * are asked about the window's leads only. Asked about the whole pool in one statement,
     * PostgreSQL judged from the lists' sizes alone: a register with as many numbers as the
     * table has leads made it suppose every lead blocked, and read and sort the whole pool.
     */
    async lockPool(
      pool: PoolQuery,
      limit: number,
      preferredAreaCodes?: string[],
    ): Promise<PoolLead[]> {
      const lock = async (part: RawBuilder<SqlBool>, count: number) => {
        const locked: PoolLead[] = [];
        let after = 0;
        let size = 0;
        while (locked.length < count) {
          const wanted = count - locked.length;
          // Room for the few leads of a window that are blocked or being handed out elsewhere;
          // twice the last window's when that one held too many, so a run of leads another
          // distribution holds is passed in a few statements, not one per few leads.
          size = Math.max(wanted + Math.ceil(wanted / 10), size * 2);
          const window = await lockInWindow(db, pool, part, after, size, wanted);
          // One by one: spread into push, a window of 130,000 leads overflows the stack.
          for (const lead of window.locked) locked.push(lead);
          if (window.next === null) break;
          after = window.next;
        }
        return locked;
      };
      if (preferredAreaCodes === undefined) return lock(sql<SqlBool>`true`, limit);
      // '+55' and the two digits of the area code (its statistics: migration 0031).
      const preferred = sql<SqlBool>`substring(l.phone from 4 for 2) = any(${preferredAreaCodes}::text[])`;
      const first = await lock(preferred, limit);
      return [...first, ...(await lock(sql<SqlBool>`not ${preferred}`, limit - first.length))];
    },

    /**
     * One UPDATE for every lead of the assignment and one INSERT for their history rows. The
     * leads were locked by `lockPool` in this transaction, so their status is the one given;
     * the check on it still guards against a lead that is not. Pool leads have no owner.
     */
    async assign(values: {
      leadIds: number[];
      assessorIds: string[];
      fromStatuses: string[];
      changedBy: string;
      reason: string;
    }): Promise<number> {
      if (values.leadIds.length === 0) return 0;
      const result = await sql<{ assigned: number }>`
        with ${transitionSteps('distribute', {
          values: { assessor: sql.ref('a.assessor_id') },
          from: sql`unnest(${values.leadIds}::bigint[], ${values.assessorIds}::text[],
            ${values.fromStatuses}::text[]) as a (lead_id, assessor_id, from_status)`,
          where: sql<SqlBool>`l.id = a.lead_id and l.status = a.from_status
            and ${startsFrom('distribute', sql.ref('a.from_status'))}`,
          // Pool leads have no owner.
          before: { status: sql.ref('a.from_status'), ownerId: sql`null::text` },
          by: values.changedBy,
          reason: values.reason,
        })}
        select count(*)::int as assigned from changed
      `.execute(db);
      return result.rows[0]?.assigned ?? 0;
    },

    /** The shares of assessors that exist; a request may name ids that do not. */
    async saveShares(distributionId: number, shares: ShareRow[]) {
      if (shares.length === 0) return;
      await sql`
        insert into distribution_shares (distribution_id, assessor_id, requested, assigned, recycled)
        select ${distributionId}, s.assessor_id, s.requested, s.assigned, s.recycled
        from unnest(
          ${shares.map((share) => share.assessorId)}::text[],
          ${shares.map((share) => share.requested)}::int[],
          ${shares.map((share) => share.assigned)}::int[],
          ${shares.map((share) => share.recycled)}::int[]
        ) as s (assessor_id, requested, assigned, recycled)
        join users u on u.id = s.assessor_id
      `.execute(db);
    },

    async finish(distributionId: number, assigned: number, result: DistributionResult) {
      await db
        .updateTable('distributions')
        .set({ assigned, result: JSON.stringify(result) })
        .where('id', '=', distributionId)
        .execute();
    },

    /**
     * Each active assessor's day: what today's distributions gave them (from the shares, so
     * the figure does not shrink as leads are worked or closed), how many leads they recorded
     * an outcome on today, and what is still to work, from earlier days and in all.
     */
    /** Each active assessor's lists and today's share, or those of `ids` only. */
    async assessorLoads(ids?: readonly string[]) {
      const result = await sql<{
        id: string;
        name: string;
        dailyQuota: number;
        pending: number;
        pendingEarlier: number;
        receivedToday: number;
        workedToday: number;
      }>`
        with received as (
          -- Today's distributions by their date index, then their shares: one pass for all.
          select s.assessor_id, sum(s.assigned) as leads
          from distributions d join distribution_shares s on s.distribution_id = d.id
          where d.created_at >= ${startOfToday}
          group by s.assessor_id
        ), worked as (
          select assessor_id, count(distinct lead_id) as leads
          from lead_attempts where created_at >= ${startOfToday}
          group by assessor_id
        )
        select u.id, u.name, u.daily_quota as "dailyQuota",
          p.pending::int as pending, p.earlier::int as "pendingEarlier",
          coalesce(r.leads, 0)::int as "receivedToday", coalesce(w.leads, 0)::int as "workedToday"
        from users u
        left join received r on r.assessor_id = u.id
        left join worked w on w.assessor_id = u.id
        cross join lateral (
          select count(*) as pending,
            count(*) filter (where l.assigned_at < ${startOfToday}) as earlier
          from leads l
          where l.owner_id = u.id and l.status = any(${[...workableStatuses]}::text[])
        ) p
        where u.role = 'assessor' and u.active
          and ${ids === undefined ? sql`true` : sql`u.id = any(${ids}::text[])`}
        order by u.name, u.id
      `.execute(db);
      return result.rows;
    },

    async poolCounts() {
      const result = await sql<{ new: number; recycled: number }>`
        select count(*) filter (where status = 'new')::int as new,
          count(*) filter (where status = 'recycled')::int as recycled
        from leads where status = any(${distributable}::text[])
      `.execute(db);
      return result.rows[0] ?? { new: 0, recycled: 0 };
    },

    async availableByBatch() {
      const result = await sql<{ id: number; fileName: string; source: string; available: number }>`
        select b.id, b.file_name as "fileName", b.source, count(*)::int as available
        from leads l join import_batches b on b.id = l.batch_id
        where l.status = any(${distributable}::text[])
        group by b.id
        order by b.id desc
      `.execute(db);
      return result.rows;
    },

    async availableBySource() {
      const result = await sql<{ source: string; available: number }>`
        select l.source, count(*)::int as available
        from leads l
        where l.status = any(${distributable}::text[]) and l.source is not null
        group by l.source
        order by l.source
      `.execute(db);
      return result.rows;
    },

    /** The last distributions' results, or only those `createdBy` made. */
    async recentResults(limit: number, createdBy?: string) {
      const rows = await db
        .selectFrom('distributions')
        .select('result')
        .where('result', 'is not', null)
        .$if(createdBy !== undefined, (query) => query.where('created_by', '=', createdBy ?? ''))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => row.result as DistributionResult);
    },
  };
}

/**
 * One window of the pool for `lockPool`: the next `size` leads after the id `after`, in id
 * order, of which it locks up to `wanted` whose phone is on no block list. Answers them and
 * where the next window starts: the window's last id, or null when the pool ended within it.
 */
async function lockInWindow(
  db: Kysely<Database>,
  pool: PoolQuery,
  part: RawBuilder<SqlBool>,
  after: number,
  size: number,
  wanted: number,
) {
  const result = await sql<{
    id: number | null;
    status: string | null;
    lastOwnerId: string | null;
    read: number | null;
    end: number | null;
  }>`
    with window_leads as (
      select l.id from leads l
      where ${poolCondition(pool)} and ${part} and l.id > ${after}
      order by l.id
      limit ${size}
    ), locked as (
      -- The window as an array: PostgreSQL plans for a few ids and looks each one up, where a
      -- join with the window hashed it against the whole table. A lead imported while its
      -- number was being put on a list is still refused here.
      select l.id, l.status, l.last_owner_id from leads l
      where l.id = any(array(select id from window_leads))
        and ${poolCondition(pool)} and ${part} and ${sql.raw(phoneIsFree('l.phone'))}
      order by l.id
      limit ${wanted}
      for update of l skip locked
    )
    select id, status, last_owner_id as "lastOwnerId", null::int as read, null::bigint as end
    from locked
    union all
    select null, null, null, count(*)::int, max(id) from window_leads
  `.execute(db);
  const locked: PoolLead[] = [];
  let next: number | null = null;
  for (const row of result.rows) {
    if (row.id === null) {
      next = row.read === size ? row.end : null;
    } else {
      locked.push({
        id: row.id,
        lastOwnerId: row.lastOwnerId,
        recycled: row.status === 'recycled',
      });
    }
  }
  return { locked: locked.sort((a, b) => a.id - b.id), next };
}
