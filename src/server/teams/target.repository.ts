import type { Kysely } from 'kysely';
import type { Target } from '../../core/targets.ts';
import type { Database } from '../db/schema.ts';

/** Whose targets: a team's or one assessor's. */
export type TargetOwner = { teamId: number } | { assessorId: string };

const ownerColumns = (owner: TargetOwner) =>
  'teamId' in owner
    ? { team_id: owner.teamId, assessor_id: null }
    : { team_id: null, assessor_id: owner.assessorId };

export function createTargetRepository(db: Kysely<Database>) {
  const selectTargets = () =>
    db
      .selectFrom('targets')
      .select(['team_id as teamId', 'assessor_id as assessorId', 'period', 'metric', 'value']);

  return {
    /** The statements bound to a unit of work's transaction. */
    within: (executor: Kysely<Database>) => createTargetRepository(executor),

    /**
     * Every target, or those of these teams and these assessors (a supervisor's), in the order
     * the page lists them.
     */
    list(only?: { teamIds: readonly number[]; assessorIds: readonly string[] }): Promise<Target[]> {
      return selectTargets()
        .$if(only !== undefined, (query) =>
          query.where((eb) => {
            const teamIds = only?.teamIds ?? [];
            const assessorIds = only?.assessorIds ?? [];
            return eb.or([
              ...(teamIds.length > 0 ? [eb('team_id', 'in', teamIds)] : []),
              ...(assessorIds.length > 0 ? [eb('assessor_id', 'in', assessorIds)] : []),
            ]);
          }),
        )
        .orderBy('team_id')
        .orderBy('assessor_id')
        .orderBy('period')
        .orderBy('metric')
        .execute();
    },

    /** One owner's targets, locked for a change: two people saving them write one after the other. */
    lockedOf(owner: TargetOwner): Promise<Target[]> {
      const { team_id, assessor_id } = ownerColumns(owner);
      return selectTargets()
        .$if(team_id !== null, (query) => query.where('team_id', '=', team_id ?? 0))
        .$if(assessor_id !== null, (query) => query.where('assessor_id', '=', assessor_id ?? ''))
        .forUpdate()
        .execute();
    },

    /** The owner's targets become exactly these (none: the owner has no target). */
    async replace(
      owner: TargetOwner,
      targets: readonly Pick<Target, 'period' | 'metric' | 'value'>[],
    ): Promise<void> {
      const columns = ownerColumns(owner);
      await db
        .deleteFrom('targets')
        .$if(columns.team_id !== null, (query) => query.where('team_id', '=', columns.team_id ?? 0))
        .$if(columns.assessor_id !== null, (query) =>
          query.where('assessor_id', '=', columns.assessor_id ?? ''),
        )
        .execute();
      if (targets.length === 0) return;
      await db
        .insertInto('targets')
        .values(targets.map((target) => ({ ...columns, ...target })))
        .execute();
    },
  };
}
export type TargetRepository = ReturnType<typeof createTargetRepository>;
