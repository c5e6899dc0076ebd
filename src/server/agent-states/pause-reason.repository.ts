import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { PauseReasonsTable } from '../db/supervision-tables.ts';

export type PauseReasonRow = Selectable<PauseReasonsTable>;

export interface PauseReasonChange {
  name?: string | undefined;
  limitMinutes?: number | null | undefined;
  active?: boolean | undefined;
}

export function createPauseReasonRepository(db: Kysely<Database>) {
  return {
    /** The statements bound to a unit of work's transaction. */
    within: (executor: Kysely<Database>) => createPauseReasonRepository(executor),

    /** Active ones first, then by name: the order the pause menu and the admin page show. */
    list(withRetired: boolean): Promise<PauseReasonRow[]> {
      return db
        .selectFrom('pause_reasons')
        .selectAll()
        .$if(!withRetired, (query) => query.where('active', '=', true))
        .orderBy('active', 'desc')
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    byId(id: number): Promise<PauseReasonRow | undefined> {
      return db.selectFrom('pause_reasons').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The reason locked for a change, so two admins editing it write one after the other. */
    lockedById(id: number): Promise<PauseReasonRow | undefined> {
      return db
        .selectFrom('pause_reasons')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    create(values: { name: string; limitMinutes: number | null; active: boolean }) {
      return db
        .insertInto('pause_reasons')
        .values({ name: values.name, limit_minutes: values.limitMinutes, active: values.active })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    update(id: number, change: PauseReasonChange): Promise<PauseReasonRow> {
      return db
        .updateTable('pause_reasons')
        .set({
          ...(change.name === undefined ? {} : { name: change.name }),
          ...(change.limitMinutes === undefined ? {} : { limit_minutes: change.limitMinutes }),
          ...(change.active === undefined ? {} : { active: change.active }),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
export type PauseReasonRepository = ReturnType<typeof createPauseReasonRepository>;
