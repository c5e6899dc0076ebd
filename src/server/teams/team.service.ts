import type {
  MovedAssessor,
  TeamChange,
  TeamInput,
  TeamList,
  TeamMember,
  TeamSaved,
  TeamView,
} from '../../core/teams.ts';
import type { AuditTrail } from '../db/audit-step.ts';
import type { RunUnitOfWork, UnitOfWork } from '../db/unit-of-work.ts';
import type { SessionUser } from '../http/access.ts';
import { AppError } from '../http/app-error.ts';
import type { CandidateRow, TeamRepository, TeamRow } from './team.repository.ts';

const teamTarget = (id: number) => ({ type: 'team', id });

const nameTaken = () => new AppError('CONFLICT', 'Já existe uma equipe com esse nome.');
const teamNotFound = () => new AppError('NOT_FOUND', 'Equipe não encontrada.');

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * The people a change names must be who they are said to be: active assessors in
 * `assessorIds`, active supervisors in `supervisorIds`. A refusal names the first one wrong.
 */
function checkCandidates(
  rows: readonly CandidateRow[],
  assessorIds: readonly string[],
  supervisorIds: readonly string[],
) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of assessorIds) {
    const row = byId.get(id);
    if (row?.role !== 'assessor') {
      throw new AppError('BAD_REQUEST', 'Só assessores podem fazer parte de uma equipe.');
    }
    if (!row.active) {
      throw new AppError('BAD_REQUEST', `${row.name} está inativo e não pode entrar na equipe.`);
    }
  }
  for (const id of supervisorIds) {
    const row = byId.get(id);
    if (row?.role !== 'supervisor') {
      throw new AppError(
        'BAD_REQUEST',
        'Só usuários com o perfil Supervisor podem supervisionar uma equipe.',
      );
    }
    if (!row.active) {
      throw new AppError('BAD_REQUEST', `${row.name} está inativo e não pode supervisionar.`);
    }
  }
}

/** The assessors a change takes out of another team, to put them in `teamId`. */
function movedInto(
  teamId: number | null,
  rows: readonly CandidateRow[],
  assessorIds: readonly string[],
): MovedAssessor[] {
  const wanted = new Set(assessorIds);
  return rows
    .filter((row) => wanted.has(row.id) && row.teamId !== null && row.teamId !== teamId)
    .map((row) => ({ id: row.id, name: row.name, fromTeam: row.teamName ?? '' }));
}

/** Who joined a list and who left it, by name: the audit log is read by people. */
function listChange(before: readonly string[], after: readonly string[]) {
  const joined = after.filter((name) => !before.includes(name));
  const left = before.filter((name) => !after.includes(name));
  return joined.length === 0 && left.length === 0 ? undefined : { joined, left };
}

const namesOf = (people: readonly TeamMember[]) => people.map((person) => person.name);

/** "Bruno Lima (de Equipe Sul)": who a change took from another team. */
const movedDetails = (moved: readonly MovedAssessor[]) =>
  moved.map((person) => `${person.name} (de ${person.fromTeam})`);

export function createTeamService({
  teams,
  unitOfWork,
}: {
  teams: TeamRepository;
  unitOfWork: RunUnitOfWork;
}) {
  /** The teams with their people, read with `repository` (a transaction's, after a change). */
  async function viewsOf(repository: TeamRepository, rows: readonly TeamRow[]) {
    const ids = rows.map((row) => row.id);
    const [assessors, supervisors] = await Promise.all([
      repository.assessorsOf(ids),
      repository.supervisorsOf(ids),
    ]);
    const people = (list: typeof assessors, teamId: number) =>
      list.filter((row) => row.teamId === teamId).map(({ id, name }) => ({ id, name }));
    return rows.map(
      (row): TeamView => ({
        id: row.id,
        name: row.name,
        assessors: people(assessors, row.id),
        supervisors: people(supervisors, row.id),
      }),
    );
  }

  async function viewOf(repository: TeamRepository, row: TeamRow): Promise<TeamView> {
    const [view] = await viewsOf(repository, [row]);
    if (!view) throw teamNotFound();
    return view;
  }

  async function candidatesOf(
    repository: TeamRepository,
    assessorIds: readonly string[],
    supervisorIds: readonly string[],
  ) {
    const rows = await repository.candidates([...new Set([...assessorIds, ...supervisorIds])]);
    checkCandidates(rows, assessorIds, supervisorIds);
    return rows;
  }

  /** Runs a change; a name taken by another team at the same moment is a 409 too. */
  const change = <T>(audit: AuditTrail, work: (unit: UnitOfWork) => Promise<T>) =>
    unitOfWork(audit, work).catch((error: unknown) => {
      throw isUniqueViolation(error) ? nameTaken() : error;
    });

  return {
    /** Every team and the assessors in none for an admin; the teams it leads for a supervisor. */
    async list(user: SessionUser): Promise<TeamList> {
      if (user.role === 'admin') {
        const [rows, assessorsWithoutTeam] = await Promise.all([
          teams.list(),
          teams.assessorsWithoutTeam(),
        ]);
        return { teams: await viewsOf(teams, rows), assessorsWithoutTeam };
      }
      return { teams: await viewsOf(teams, await teams.list(user.id)), assessorsWithoutTeam: [] };
    },

    create(input: TeamInput, audit: AuditTrail): Promise<TeamSaved> {
      return change(audit, async (unit) => {
        const repository = teams.within(unit.trx);
        if (await repository.nameTaken(input.name)) throw nameTaken();
        const rows = await candidatesOf(repository, input.assessorIds, input.supervisorIds);
        const moved = movedInto(null, rows, input.assessorIds);
        const team = await repository.create(input.name);
        await repository.setAssessors(team.id, input.assessorIds);
        await repository.setSupervisors(team.id, input.supervisorIds);
        const view = await viewOf(repository, team);
        await unit.audit({
          action: 'team.created',
          target: teamTarget(team.id),
          details: {
            name: team.name,
            assessors: namesOf(view.assessors),
            supervisors: namesOf(view.supervisors),
            ...(moved.length > 0 ? { moved: movedDetails(moved) } : {}),
          },
        });
        return { ...view, moved };
      });
    },

    update(id: number, body: TeamChange, audit: AuditTrail): Promise<TeamSaved> {
      return change(audit, async (unit) => {
        const repository = teams.within(unit.trx);
        const team = await repository.lockedById(id);
        if (!team) throw teamNotFound();
        const before = await viewOf(repository, team);
        if (body.name !== undefined && (await repository.nameTaken(body.name, id))) {
          throw nameTaken();
        }
        const rows = await candidatesOf(
          repository,
          body.assessorIds ?? [],
          body.supervisorIds ?? [],
        );
        const moved = movedInto(id, rows, body.assessorIds ?? []);
        if (body.name !== undefined && body.name !== team.name) {
          await repository.rename(id, body.name);
        }
        if (body.assessorIds) await repository.setAssessors(id, body.assessorIds);
        if (body.supervisorIds) await repository.setSupervisors(id, body.supervisorIds);
        const after = await viewOf(repository, { id, name: body.name ?? team.name });
        const changes = {
          ...(after.name === before.name ? {} : { name: { from: before.name, to: after.name } }),
          ...(body.assessorIds === undefined
            ? {}
            : { assessors: listChange(namesOf(before.assessors), namesOf(after.assessors)) }),
          ...(body.supervisorIds === undefined
            ? {}
            : { supervisors: listChange(namesOf(before.supervisors), namesOf(after.supervisors)) }),
        };
        const changed = Object.entries(changes).filter(([, value]) => value !== undefined);
        if (changed.length > 0) {
          await unit.audit({
            action: 'team.updated',
            target: teamTarget(id),
            details: {
              name: after.name,
              changes: Object.fromEntries(changed),
              ...(moved.length > 0 ? { moved: movedDetails(moved) } : {}),
            },
          });
        }
        return { ...after, moved };
      });
    },

    /** Deletes a team: its assessors are left in no team, its targets go with it. */
    delete(id: number, audit: AuditTrail): Promise<void> {
      return unitOfWork(audit, async (unit) => {
        const repository = teams.within(unit.trx);
        const team = await repository.lockedById(id);
        if (!team) throw teamNotFound();
        const before = await viewOf(repository, team);
        await repository.delete(id);
        await unit.audit({
          action: 'team.deleted',
          target: teamTarget(id),
          details: {
            name: team.name,
            assessors: namesOf(before.assessors),
            supervisors: namesOf(before.supervisors),
          },
        });
      });
    },
  };
}
export type TeamService = ReturnType<typeof createTeamService>;
