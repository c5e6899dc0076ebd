import type { z } from 'zod';
import {
  defaultRecyclingRules,
  type RecyclePreview,
  type RecycleResult,
  type RecyclingRules,
  recycleHistoryReason,
  recycleResultOf,
  type recyclingRulesPatchSchema,
  recyclingRulesSchema,
} from '../../core/recycling.ts';
import type { AuditTrail } from '../audit/index.ts';
import type { SessionUser } from '../auth/index.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import { soleStartingStatus, transitionEvent } from '../lead-transitions/index.ts';
import type { RecyclingRepository, RecyclingStatements } from './recycling.repository.ts';

export type RecyclingRulesPatchBody = z.output<typeof recyclingRulesPatchSchema>;

/** The stored rules over the defaults; a rule missing or unreadable keeps its default. */
function rulesOf(stored: string | undefined): RecyclingRules {
  if (stored === undefined) return defaultRecyclingRules;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return defaultRecyclingRules;
  }
  const parsed = recyclingRulesSchema.partial().safeParse(value);
  return parsed.success ? { ...defaultRecyclingRules, ...parsed.data } : defaultRecyclingRules;
}

async function currentRules(repository: RecyclingStatements): Promise<RecyclingRules> {
  return rulesOf(await repository.readRules());
}

export function createRecyclingService(deps: {
  recycling: RecyclingRepository;
  unitOfWork: RunUnitOfWork;
}) {
  const { recycling, unitOfWork } = deps;
  return {
    /** Moves every `red` lead the rules allow to `recycled`, in one transaction. */
    async recycle(admin: SessionUser, audit: AuditTrail): Promise<RecycleResult> {
      return unitOfWork(audit, async (unit) => {
        const repository = recycling.within(unit.trx);
        await repository.lockRecycling();
        const rules = await currentRules(repository);
        const outcome = await repository.recycleRed({
          changedBy: admin.id,
          reason: recycleHistoryReason,
          rules,
        });
        if (outcome.recycled > 0) {
          unit.publish(transitionEvent('recycle', { assessorIds: outcome.formerOwnerIds }));
        }
        await unit.audit({ action: 'recycle.run', details: { recycled: outcome.recycled, rules } });
        return recycleResultOf(outcome.recycled);
      });
    },

    rules: () => currentRules(recycling),

    /** What a recycle would move now: read with the rules and the condition it would use. */
    async preview(): Promise<RecyclePreview> {
      const rules = await currentRules(recycling);
      return {
        count: await recycling.countRecyclable(rules),
        fromStatus: soleStartingStatus('recycle'),
        rules,
      };
    },

    async updateRules(patch: RecyclingRulesPatchBody): Promise<RecyclingRules> {
      return unitOfWork(null, async (unit) => {
        const repository = recycling.within(unit.trx);
        await repository.lockRules();
        const merged = recyclingRulesSchema.safeParse({
          ...(await currentRules(repository)),
          ...patch,
        });
        if (!merged.success) {
          throw new AppError('BAD_REQUEST', merged.error.issues[0]?.message);
        }
        await repository.writeRules(merged.data);
        return merged.data;
      });
    },
  };
}
export type RecyclingService = ReturnType<typeof createRecyclingService>;
