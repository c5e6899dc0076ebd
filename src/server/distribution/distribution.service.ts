import type { z } from 'zod';
import { areaCodesCallableToday, storedCallingCalendar } from '../../core/calling-windows.ts';
import type {
  DistributionOverview,
  DistributionResult,
  distributionRequestSchema,
} from '../../core/distribution.ts';
import { fairCounts } from '../../core/fair-split.ts';
import type { AuditTrail } from '../audit/index.ts';
import type { SessionUser } from '../auth/index.ts';
import type { CallingCalendarRepository } from '../calling-calendar/index.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import { transitionEvent } from '../lead-transitions/index.ts';
import { type AssessorScope, scopeHolds, scopeIds } from '../teams/index.ts';
import { assignLeads } from './allocation.ts';
import type {
  DistributionRepository,
  DistributionStatements,
  PoolQuery,
} from './distribution.repository.ts';

export type DistributionRequestBody = z.output<typeof distributionRequestSchema>;

const unknownAssessorName = 'Usuário não encontrado';
const recentCount = 10;

interface Wanted {
  assessorId: string;
  assessorName: string;
  requested: number;
  eligible: boolean;
}

function poolQueryOf(pool: DistributionRequestBody['pool']): PoolQuery {
  const kind = pool?.kind ?? 'mixed';
  return {
    statuses: kind === 'mixed' ? ['new', 'recycled'] : [kind],
    batchId: pool?.batchId,
    source: pool?.source,
  };
}

/** The area codes to hand out first, when the request prefers leads callable today. */
async function preferredAreaCodes(
  pool: DistributionRequestBody['pool'],
  calendars: CallingCalendarRepository,
): Promise<string[] | undefined> {
  if (!pool?.preferCallableToday) return undefined;
  return areaCodesCallableToday(storedCallingCalendar(await calendars.read()), new Date());
}

export function createDistributionService(deps: {
  distributions: DistributionRepository;
  /** The calling hours, for a distribution that prefers leads callable today. */
  calendars: CallingCalendarRepository;
  unitOfWork: RunUnitOfWork;
}) {
  const { distributions, calendars, unitOfWork } = deps;

  /** Who asked for how many; only active assessors (of the scope) may receive. */
  async function wantedOf(
    repository: DistributionStatements,
    request: DistributionRequestBody,
    scope: AssessorScope,
  ): Promise<Wanted[]> {
    if (request.each !== undefined) {
      const each = request.each;
      const members = scope === 'all' ? undefined : scopeIds(scope);
      return (await repository.activeAssessors(members)).map((assessor) => ({
        assessorId: assessor.id,
        assessorName: assessor.name,
        requested: each,
        eligible: true,
      }));
    }
    const perAssessor = Object.entries(request.perAssessor ?? {});
    const users = new Map(
      (await repository.usersByIds(perAssessor.map(([id]) => id))).map((user) => [user.id, user]),
    );
    return perAssessor.map(([assessorId, requested]) => {
      const user = users.get(assessorId);
      return {
        assessorId,
        assessorName: user?.name ?? unknownAssessorName,
        requested,
        eligible: user?.role === 'assessor' && user.active,
      };
    });
  }

  return {
    /**
     * The page's figures. A supervisor sees its teams' assessors and the distributions it made
     * itself; the pool (what is left to hand out, by batch and origin) is everyone's, and the
     * same for all.
     */
    async overview(
      scope: AssessorScope = 'all',
      caller?: SessionUser,
    ): Promise<DistributionOverview> {
      const narrowed = scope !== 'all';
      const [assessors, pool, batches, sources, recent] = await Promise.all([
        distributions.assessorLoads(narrowed ? scopeIds(scope) : undefined),
        distributions.poolCounts(),
        distributions.availableByBatch(),
        distributions.availableBySource(),
        distributions.recentResults(recentCount, narrowed ? caller?.id : undefined),
      ]);
      return { assessors, pool, batches, sources, recent };
    },

    /**
     * Hands out leads in one transaction. With an Idempotency-Key already used by this admin
     * it assigns nothing and answers the first result (`replayed`).
     */
    async distribute(
      request: DistributionRequestBody,
      admin: SessionUser,
      idempotencyKey: string | undefined,
      audit: AuditTrail,
      scope: AssessorScope = 'all',
    ): Promise<{ result: DistributionResult; replayed: boolean }> {
      // A supervisor hands leads to its teams' assessors only: naming anyone else refuses
      // the whole distribution before anything is claimed.
      const outsider = Object.keys(request.perAssessor ?? {}).some((id) => !scopeHolds(scope, id));
      if (outsider) {
        throw new AppError(
          'FORBIDDEN',
          'Você só distribui leads para os assessores das suas equipes.',
        );
      }
      const result = await unitOfWork(audit, async (unit) => {
        const repository = distributions.within(unit.trx);
        const wanted = await wantedOf(repository, request, scope);
        const requested = wanted.reduce((sum, share) => sum + share.requested, 0);
        const claimed = await repository.claim({
          createdBy: admin.id,
          idempotencyKey,
          request,
          requested,
        });
        if (!claimed) return undefined;

        const eligible = wanted.filter((share) => share.eligible && share.requested > 0);
        const leads = await repository.lockPool(
          poolQueryOf(request.pool),
          eligible.reduce((sum, share) => sum + share.requested, 0),
          await preferredAreaCodes(request.pool, calendars),
        );
        const counts = fairCounts(
          eligible.map((share) => share.requested),
          leads.length,
        );
        const recipients = eligible.map((share, index) => ({
          assessorId: share.assessorId,
          count: counts[index] ?? 0,
        }));
        const assignment = assignLeads(leads, recipients);
        const recycledLeads = new Set(leads.filter((lead) => lead.recycled).map((lead) => lead.id));
        const assigned = await repository.assign({
          ...assignment,
          fromStatuses: assignment.leadIds.map((id) =>
            recycledLeads.has(id) ? 'recycled' : 'new',
          ),
          changedBy: admin.id,
          reason: `Distribuição #${claimed.id}`,
        });
        if (assigned !== assignment.leadIds.length) {
          // Every lead was locked by this transaction a moment ago; anything else is a bug.
          throw new AppError('CONFLICT', 'A distribuição mudou durante a gravação. Tente de novo.');
        }

        const perAssessor = new Map<string, { assigned: number; recycled: number }>();
        assignment.assessorIds.forEach((assessorId, index) => {
          const tally = perAssessor.get(assessorId) ?? { assigned: 0, recycled: 0 };
          tally.assigned += 1;
          if (recycledLeads.has(assignment.leadIds[index] as number)) tally.recycled += 1;
          perAssessor.set(assessorId, tally);
        });
        const shares = wanted.map((share) => ({
          assessorId: share.assessorId,
          assessorName: share.assessorName,
          requested: share.requested,
          assigned: perAssessor.get(share.assessorId)?.assigned ?? 0,
          recycled: perAssessor.get(share.assessorId)?.recycled ?? 0,
        }));
        const answer: DistributionResult = {
          id: claimed.id,
          createdAt: claimed.createdAt.toISOString(),
          createdByName: admin.name,
          requested,
          assigned,
          shortfall: requested - assigned,
          shares,
        };
        await repository.saveShares(claimed.id, shares);
        await repository.finish(claimed.id, assigned, answer);
        const receivers = shares.filter((share) => share.assigned > 0);
        await unit.audit({
          action: 'distribution.created',
          target: { type: 'distribution', id: claimed.id },
          details: {
            requested,
            assigned,
            shortfall: answer.shortfall,
            pool: request.pool ?? { kind: 'mixed' },
            assessors: receivers.length,
          },
        });
        if (receivers.length > 0) {
          const assessorIds = receivers.map((share) => share.assessorId);
          unit.publish(transitionEvent('distribute', { assessorIds }));
        }
        return answer;
      });
      if (result) return { result, replayed: false };

      const first = idempotencyKey
        ? await distributions.findResultByKey(admin.id, idempotencyKey)
        : undefined;
      if (!first) throw new AppError('CONFLICT');
      return { result: first, replayed: true };
    },
  };
}
export type DistributionService = ReturnType<typeof createDistributionService>;
