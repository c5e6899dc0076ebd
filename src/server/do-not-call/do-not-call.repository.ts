import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { blockLeadsWithPhones } from '../lead-transitions/index.ts';

/** What the search box of the block list was understood to mean. */
export type BlockedPhoneSearch =
  | { kind: 'phone'; phone: string }
  | { kind: 'digits'; digits: string };

export type BlockedPhoneCursor = { at: string; phone: string };

export interface BlockedPhoneRow {
  phone: string;
  reason: string;
  createdByName: string | null;
  createdAt: Date;
  /** createdAt to the microsecond, as the page cursor carries it. */
  createdAtKey: string;
}

const microsecondKey = (column: RawBuilder<unknown>) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function searchCondition(search: BlockedPhoneSearch | undefined): RawBuilder<SqlBool> {
  if (!search) return sql<SqlBool>`true`;
  if (search.kind === 'phone') return sql<SqlBool>`d.phone = ${search.phone}`;
  // Digits only, so no LIKE wildcard can come in with them.
  return sql<SqlBool>`d.phone like ${`%${search.digits}%`}`;
}

export function createDoNotCallRepository(db: Kysely<Database>) {
  return {
    /** The statements bound to a unit of work's transaction. */
    within: (executor: Kysely<Database>) => createDoNotCallRepository(executor),

    /** One page, newest first, by (created_at, phone) so a page is an index range at any depth. */
    async listPage(
      search: BlockedPhoneSearch | undefined,
      after: BlockedPhoneCursor | undefined,
      limit: number,
    ): Promise<BlockedPhoneRow[]> {
      const afterCondition = after
        ? sql<SqlBool>`(d.created_at, d.phone) < (${after.at}::timestamptz, ${after.phone})`
        : sql<SqlBool>`true`;
      const result = await sql<BlockedPhoneRow>`
        select d.phone, d.reason, u.name as "createdByName", d.created_at as "createdAt",
          ${microsecondKey(sql`d.created_at`)} as "createdAtKey"
        from do_not_call d
        left join users u on u.id = d.created_by
        where ${searchCondition(search)} and ${afterCondition}
        order by d.created_at desc, d.phone desc
        limit ${limit}
      `.execute(db);
      return result.rows;
    },

    /**
     * Adds the phone and, in the same statement, takes every lead with it out of circulation
     * as the "Não ligar" outcome does: status do_not_call, owner cleared, a history row.
     * Answers nothing when the phone was already there.
     */
    async block(
      phone: string,
      reason: string,
      adminId: string,
      historyReason: string,
    ): Promise<
      { blocked: BlockedPhoneRow; leadsTakenOut: number; formerOwnerIds: string[] } | undefined
    > {
      const result = await sql<
        BlockedPhoneRow & { leadsTakenOut: number; formerOwnerIds: string[] | null }
      >`
        with added as (
          insert into do_not_call (phone, reason, created_by)
          values (${phone}, ${reason}, ${adminId})
          on conflict (phone) do nothing
          returning phone, reason, created_by, created_at
        ), ${blockLeadsWithPhones('block', sql`select phone from added`, adminId, historyReason)}
        select a.phone, a.reason, u.name as "createdByName", a.created_at as "createdAt",
          ${microsecondKey(sql`a.created_at`)} as "createdAtKey",
          (select count(*) from changed)::int as "leadsTakenOut",
          (select array_agg(distinct from_owner_id) from changed
            where from_owner_id is not null) as "formerOwnerIds"
        from added a
        left join users u on u.id = a.created_by
      `.execute(db);
      const row = result.rows[0];
      if (!row) return undefined;
      const { leadsTakenOut, formerOwnerIds, ...blocked } = row;
      return { blocked, leadsTakenOut, formerOwnerIds: formerOwnerIds ?? [] };
    },

    /** Takes the phone off the list; false when it was not there. */
    async unblock(phone: string): Promise<boolean> {
      const result = await db
        .deleteFrom('do_not_call')
        .where('phone', '=', phone)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
export type DoNotCallRepository = ReturnType<typeof createDoNotCallRepository>;
