import type { Kysely } from 'kysely';
import type { Role } from '../../core/roles.ts';
import type { Database } from '../db/schema.ts';

export interface TeamRow {
  id: number;
  name: string;
}

/** A person named in a team, as its list shows them. */
export interface MemberRow {
  id: string;
  name: string;
  teamId: number;
}

/** A user named in a team change, with what the rules check. */
export interface CandidateRow {
  id: string;
  name: string;
  role: Role;
  active: boolean;
  teamId: number | null;
  teamName: string | null;
}

export function createTeamRepository(db: Kysely<Database>) {
  return {
    /** The statements bound to a unit of work's transaction. */
    within: (executor: Kysely<Database>) => createTeamRepository(executor),

    /** Every team, or the ones a supervisor leads, by name. */
    list(supervisorId?: string): Promise<TeamRow[]> {
      return db
        .selectFrom('teams')
        .select(['teams.id', 'teams.name'])
        .$if(supervisorId !== undefined, (query) =>
          query.where((eb) =>
            eb.exists(
              eb
                .selectFrom('team_supervisors')
                .select('team_supervisors.team_id')
                .whereRef('team_supervisors.team_id', '=', 'teams.id')
                .where('team_supervisors.supervisor_id', '=', supervisorId ?? ''),
            ),
          ),
        )
        .orderBy('teams.name')
        .orderBy('teams.id')
        .execute();
    },

    /** The active assessors of these teams, by name. */
    assessorsOf(teamIds: readonly number[]): Promise<MemberRow[]> {
      if (teamIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('users')
        .select(['id', 'name', 'team_id as teamId'])
        .where('team_id', 'in', teamIds)
        .where('role', '=', 'assessor')
        .where('active', '=', true)
        .orderBy('name')
        .$narrowType<{ teamId: number }>()
        .execute();
    },

    /** The active supervisors of these teams, by name. */
    supervisorsOf(teamIds: readonly number[]): Promise<MemberRow[]> {
      if (teamIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('team_supervisors')
        .innerJoin('users', 'users.id', 'team_supervisors.supervisor_id')
        .select(['users.id', 'users.name', 'team_supervisors.team_id as teamId'])
        .where('team_supervisors.team_id', 'in', teamIds)
        .where('users.role', '=', 'supervisor')
        .where('users.active', '=', true)
        .orderBy('users.name')
        .execute();
    },

    /** The active assessors in no team, by name. */
    assessorsWithoutTeam(): Promise<{ id: string; name: string }[]> {
      return db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('team_id', 'is', null)
        .where('role', '=', 'assessor')
        .where('active', '=', true)
        .orderBy('name')
        .execute();
    },

    /** Whether a supervisor leads a team. */
    async leads(supervisorId: string, teamId: number): Promise<boolean> {
      const row = await db
        .selectFrom('team_supervisors')
        .select('team_id')
        .where('team_id', '=', teamId)
        .where('supervisor_id', '=', supervisorId)
        .executeTakeFirst();
      return row !== undefined;
    },

    findById(id: number): Promise<TeamRow | undefined> {
      return db.selectFrom('teams').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    },

    /** The team locked for a change, so two admins editing it write one after the other. */
    lockedById(id: number): Promise<TeamRow | undefined> {
      return db
        .selectFrom('teams')
        .select(['id', 'name'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Another team already named so, in any case. */
    async nameTaken(name: string, exceptId?: number): Promise<boolean> {
      const row = await db
        .selectFrom('teams')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
        .$if(exceptId !== undefined, (query) => query.where('id', '<>', exceptId ?? 0))
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The users a change names, locked: a role changed meanwhile waits for the change. */
    candidates(ids: readonly string[]): Promise<CandidateRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('users')
        .leftJoin('teams', 'teams.id', 'users.team_id')
        .select([
          'users.id',
          'users.name',
          'users.role',
          'users.active',
          'users.team_id as teamId',
          'teams.name as teamName',
        ])
        .where('users.id', 'in', ids)
        .forUpdate('users')
        .execute();
    },

    async create(name: string): Promise<TeamRow> {
      return db
        .insertInto('teams')
        .values({ name })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
    },

    async rename(id: number, name: string): Promise<void> {
      await db.updateTable('teams').set({ name }).where('id', '=', id).execute();
    },

    /** The team's assessors become exactly these: the others leave it, these leave their old one. */
    async setAssessors(id: number, assessorIds: readonly string[]): Promise<string[]> {
      const left = await db
        .updateTable('users')
        .set({ team_id: null })
        .where('team_id', '=', id)
        .$if(assessorIds.length > 0, (query) => query.where('id', 'not in', assessorIds))
        .returning('id')
        .execute();
      if (assessorIds.length > 0) {
        await db.updateTable('users').set({ team_id: id }).where('id', 'in', assessorIds).execute();
      }
      return left.map((row) => row.id);
    },

    /** The team's supervisors become exactly these. */
    async setSupervisors(id: number, supervisorIds: readonly string[]): Promise<void> {
      await db.deleteFrom('team_supervisors').where('team_id', '=', id).execute();
      if (supervisorIds.length === 0) return;
      await db
        .insertInto('team_supervisors')
        .values(supervisorIds.map((supervisorId) => ({ team_id: id, supervisor_id: supervisorId })))
        .execute();
    },

    /** Deletes the team: its assessors are left in no team, its targets and leaders go with it. */
    async delete(id: number): Promise<void> {
      await db.deleteFrom('teams').where('id', '=', id).execute();
    },
  };
}
export type TeamRepository = ReturnType<typeof createTeamRepository>;
