import {
  type Target,
  type TargetList,
  type TargetsInput,
  targetMetrics,
  targetPeriods,
  targetsInputOf,
} from '../../core/targets.ts';
import type { AuditTrail } from '../db/audit-step.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import type { SessionUser } from '../http/access.ts';
import { AppError } from '../http/app-error.ts';
import { type AssessorScopeOf, scopeHolds } from './assessor-scope.ts';
import type { TargetOwner, TargetRepository } from './target.repository.ts';
import type { TeamRepository } from './team.repository.ts';

/** The targets a form sends, as rows: a null one is no target. */
function rowsOf(input: TargetsInput): Pick<Target, 'period' | 'metric' | 'value'>[] {
  return targetPeriods.flatMap((period) =>
    targetMetrics.flatMap((metric) => {
      const value = input[period][metric];
      return value === null ? [] : [{ period, metric, value }];
    }),
  );
}

/** Each target that changes, as `day.accepted: { from, to }` (null: none). */
function changesOf(before: TargetsInput, after: TargetsInput) {
  const changes: Record<string, { from: number | null; to: number | null }> = {};
  for (const period of targetPeriods) {
    for (const metric of targetMetrics) {
      const from = before[period][metric];
      const to = after[period][metric];
      if (from !== to) changes[`${period}.${metric}`] = { from, to };
    }
  }
  return changes;
}

export function createTargetService({
  targets,
  teams,
  assessorScope,
  unitOfWork,
}: {
  targets: TargetRepository;
  teams: TeamRepository;
  assessorScope: AssessorScopeOf;
  unitOfWork: RunUnitOfWork;
}) {
  /** Writes one owner's targets, audited when any changes; answers them as they now are. */
  function save(
    owner: TargetOwner,
    details: Record<string, unknown>,
    input: TargetsInput,
    audit: AuditTrail,
  ): Promise<TargetsInput> {
    return unitOfWork(audit, async (unit) => {
      const repository = targets.within(unit.trx);
      const before = targetsInputOf(await repository.lockedOf(owner));
      const changes = changesOf(before, input);
      if (Object.keys(changes).length === 0) return before;
      await repository.replace(owner, rowsOf(input));
      await unit.audit({
        action: 'targets.changed',
        target:
          'teamId' in owner
            ? { type: 'team', id: owner.teamId }
            : { type: 'user', id: owner.assessorId },
        details: { ...details, changes },
      });
      return input;
    });
  }

  return {
    /** Every target for an admin; a supervisor's teams' and their assessors'. */
    async list(user: SessionUser): Promise<TargetList> {
      if (user.role === 'admin') return { targets: await targets.list() };
      const [led, scope] = await Promise.all([teams.list(user.id), assessorScope(user)]);
      const teamIds = led.map((team) => team.id);
      const assessorIds = scope === 'all' ? [] : scope;
      if (teamIds.length === 0 && assessorIds.length === 0) return { targets: [] };
      return { targets: await targets.list({ teamIds, assessorIds }) };
    },

    /** A team's targets: an admin's for any team, a supervisor's for the ones it leads. */
    async setForTeam(
      user: SessionUser,
      teamId: number,
      input: TargetsInput,
      audit: AuditTrail,
    ): Promise<TargetsInput> {
      const team = await teams.findById(teamId);
      const reached =
        team !== undefined &&
        (user.role === 'admin' ||
          (user.role === 'supervisor' && (await teams.leads(user.id, teamId))));
      if (!team || !reached) throw new AppError('NOT_FOUND', 'Equipe não encontrada.');
      return save({ teamId }, { team: team.name }, input, audit);
    },

    /** An assessor's targets: an admin's for any assessor, a supervisor's for its teams'. */
    async setForAssessor(
      user: SessionUser,
      assessorId: string,
      input: TargetsInput,
      audit: AuditTrail,
    ): Promise<TargetsInput> {
      const [assessor] = await teams.candidates([assessorId]);
      const reached =
        assessor !== undefined &&
        assessor.role === 'assessor' &&
        scopeHolds(await assessorScope(user), assessorId);
      if (!assessor || !reached) throw new AppError('NOT_FOUND', 'Assessor não encontrado.');
      return save({ assessorId }, { assessor: assessor.name }, input, audit);
    },
  };
}
export type TargetService = ReturnType<typeof createTargetService>;
