import { type Kysely, sql } from 'kysely';
import type { LeadOrigin } from '../../core/dashboard.ts';
import { workableStatuses } from '../../core/lead-status.ts';
import { callbackOutcomeKey } from '../../core/outcomes.ts';
import type { Database } from '../db/schema.ts';
import { acceptedLiteral, contactOutcomeList } from './dashboard-outcomes.sql.ts';

export interface TodayCallsRow {
  hour: number;
  /** The lead's origin, for contacts only. */
  origin: LeadOrigin | null;
  calls: number;
  contacts: number;
  accepted: number;
  outOfHours: number;
}

const workableList = sql.join(workableStatuses.map((status) => sql.lit(status)));

/** Every row, or those of some assessors (`ids`, a supervisor's) in the column given. */
const among = (column: string, ids: readonly string[] | undefined) =>
  ids === undefined ? sql`true` : sql`${sql.ref(column)} = any(${ids}::text[])`;

/**
 * What the day's lists hold and how today's calls went hour by hour and by origin. Each reads
 * an index's range: the owners' lists by status, today's calls by their time. With `ids`,
 * only those assessors' lists and calls.
 */
export function createDashboardDayRepository(reads: () => Kysely<Database>) {
  return {
    /** Leads in assessors' lists still to call, and how many of them came today. */
    async backlog(
      todayStart: Date,
      ids?: readonly string[],
    ): Promise<{ today: number; total: number }> {
      const result = await sql<{ today: number; total: number }>`
        select coalesce(count(*) filter (where assigned_at >= ${todayStart}), 0)::int as today,
          count(*)::int as total
        from leads
        where owner_id is not null and status in (${workableList}) and ${among('owner_id', ids)}
      `.execute(reads());
      return result.rows[0] ?? { today: 0, total: 0 };
    },

    /** Call-backs whose agreed time has passed: in the owners' call-back index. */
    async overdueCallbacks(now: Date, ids?: readonly string[]): Promise<number> {
      const result = await sql<{ overdue: number }>`
        select count(*)::int as overdue
        from leads
        where status = ${sql.lit(callbackOutcomeKey)} and owner_id is not null
          and callback_at < ${now} and ${among('owner_id', ids)}
      `.execute(reads());
      return result.rows[0]?.overdue ?? 0;
    },

    /**
     * Today's calls by hour of the call centre's day, with the contacts, the aceites and the
     * calls made out of the lead's calling hours (those carry the reason the assessor gave);
     * and the contacts by their lead's origin (a lead sent through a token has no import
     * batch). Only a contact's lead is looked up: the conversion needs no other.
     */
    async todayCalls(
      start: Date,
      end: Date,
      timeZone: string,
      ids?: readonly string[],
    ): Promise<TodayCallsRow[]> {
      return reads()
        .transaction()
        .execute(async (trx) => {
          // A lookup per contact is priced far above its cost (the leads' pages are in memory),
          // and past the JIT threshold compiling would take longer than the query.
          await sql`set local jit = off`.execute(trx);
          const result = await sql<TodayCallsRow>`
            select extract(hour from a.created_at at time zone ${timeZone})::int as hour,
              case when a.outcome in (${contactOutcomeList}) then
                case when (select l.batch_id from leads l where l.id = a.lead_id) is null
                  then 'token' else 'import' end
              end as origin,
              count(*)::int as calls,
              count(*) filter (where a.outcome in (${contactOutcomeList}))::int as contacts,
              count(*) filter (where a.outcome = ${acceptedLiteral})::int as accepted,
              count(*) filter (where a.outside_window_reason is not null)::int as "outOfHours"
            from lead_attempts a
            where a.created_at >= ${start} and a.created_at < ${end}
              and ${among('a.assessor_id', ids)}
            group by 1, 2
          `.execute(trx);
          return result.rows;
        });
    },
  };
}

export type DashboardDayRepository = ReturnType<typeof createDashboardDayRepository>;
