import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { RecyclingRules } from '../../core/recycling.ts';
import type { Database } from '../db/schema.ts';
import { soleStartingStatus, startsFrom, transitionSteps } from '../lead-transitions/index.ts';

/** The app_settings key of the recycling rules (a JSON object). */
const rulesKey = 'recycling_rules';

/**
 * The key of the transaction-level advisory lock every recycle takes: two recycles run one
 * after the other, so they never lock the same rows in different orders (no deadlock), and
 * the second one, whose statement starts after the first commits, finds nothing left.
 */
const recycleLockKey = 0x63636172; // 'ccar'

export interface RecycleOutcome {
  recycled: number;
  /** The assessors who had the recycled leads: their open lists change. */
  formerOwnerIds: string[];
}

/**
 * The leads a recycle with these rules moves, on `leads l`: the preview counts them and the
 * recycle changes them with this one condition, so the count shown is the count moved.
 */
function recyclable(rules: RecyclingRules): RawBuilder<SqlBool> {
  const conditions: RawBuilder<SqlBool>[] = [startsFrom('recycle')];
  // Without a minimum the time is not compared at all: a lead refused by a transaction
  // that committed after this one started has a later status_changed_at than now().
  if (rules.minDaysSinceRefusal > 0) {
    conditions.push(
      sql<SqlBool>`l.status_changed_at <= now() - make_interval(days => ${rules.minDaysSinceRefusal}::int)`,
    );
  }
  if (rules.maxRecyclesPerLead !== null) {
    conditions.push(sql<SqlBool>`l.recycles < ${rules.maxRecyclesPerLead}::int`);
  }
  return sql.join(conditions, sql` and `);
}

export function createRecyclingRepository(db: Kysely<Database>) {
  return {
    ...statements(db),
    /** The statements bound to a unit of work's transaction. */
    within: (executor: Kysely<Database>) => statements(executor),
  };
}
export type RecyclingRepository = ReturnType<typeof createRecyclingRepository>;
export type RecyclingStatements = ReturnType<typeof statements>;

function statements(db: Kysely<Database>) {
  return {
    async lockRecycling() {
      await sql`select pg_advisory_xact_lock(${recycleLockKey}::bigint)`.execute(db);
    },

    /** The stored rules as written, or undefined when none were ever saved. */
    async readRules(): Promise<string | undefined> {
      const row = await db
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', rulesKey)
        .executeTakeFirst();
      return row?.value;
    },

    async writeRules(rules: RecyclingRules) {
      const value = JSON.stringify(rules);
      await db
        .insertInto('app_settings')
        .values({ key: rulesKey, value })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
        .execute();
    },

    /** Locks the rules row (creating it if needed) so two changes do not lose one another. */
    async lockRules() {
      await db
        .insertInto('app_settings')
        .values({ key: rulesKey, value: '{}' })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
      await sql`select 1 from app_settings where key = ${rulesKey} for update`.execute(db);
    },

    /** How many leads a recycle with these rules would move now. */
    async countRecyclable(rules: RecyclingRules): Promise<number> {
      const result = await sql<{ count: number }>`
        select count(*)::int as count from leads l where ${recyclable(rules)}
      `.execute(db);
      return result.rows[0]?.count ?? 0;
    },

    /**
     * One statement: every `red` lead the rules allow becomes `recycled` (owner cleared and
     * kept as the last owner, recycle counter + 1) and gets its history row. A lead changed
     * by another transaction while this one waited for its row lock is re-checked against
     * the WHERE by PostgreSQL (READ COMMITTED) and skipped when no longer `red`, so no lead
     * is ever counted twice.
     */
    async recycleRed(values: {
      changedBy: string;
      reason: string;
      rules: RecyclingRules;
    }): Promise<RecycleOutcome> {
      const result = await sql<{ recycled: number; formerOwnerIds: string[] }>`
        with ${transitionSteps('recycle', {
          where: recyclable(values.rules),
          // Not locked first: the status is the one the action starts from, and the owner
          // the one the change keeps as the last (a refused lead has none of its own).
          before: {
            status: sql.lit(soleStartingStatus('recycle')),
            ownerId: sql.ref('l.last_owner_id'),
          },
          by: values.changedBy,
          reason: values.reason,
        })}
        select count(*)::int as recycled,
          coalesce(array_agg(distinct from_owner_id) filter (where from_owner_id is not null),
            '{}') as "formerOwnerIds"
        from changed
      `.execute(db);
      const row = result.rows[0];
      return { recycled: row?.recycled ?? 0, formerOwnerIds: row?.formerOwnerIds ?? [] };
    },
  };
}
