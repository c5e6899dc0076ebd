import type { DistributionOverview, DistributionRequest } from '../../../../core/distribution.ts';
import { fairCounts } from '../../../../core/fair-split.ts';
import type { PoolChoice } from './pool-restriction.tsx';

export interface DistributionPreview {
  request: DistributionRequest;
  shares: { id: string; name: string; requested: number; share: number }[];
  requested: number;
  available: number;
  /** Who would get more while still holding a whole day's quota from earlier days. */
  backlogged: { id: string; name: string; pendingEarlier: number; share: number }[];
  /** Generated once per preview: confirming twice, or retrying, replays the same distribution. */
  idempotencyKey: string;
}

export interface DistributionPreviewInput {
  assessors: DistributionOverview['assessors'];
  pool: PoolChoice;
  available: number;
  quantityOf: (id: string) => number;
}

/**
 * The request the page sends and what each assessor would get from it. The split follows the
 * request's own key order, the order the server reads it in (integer-like ids come first in a
 * JavaScript object whatever the list's order), so the preview cannot hand the odd leads to
 * someone else than the server does.
 */
export function buildDistributionPreview({
  assessors,
  pool,
  available,
  quantityOf,
}: DistributionPreviewInput): DistributionPreview {
  const perAssessor: Record<string, number> = Object.fromEntries(
    assessors
      .map((assessor) => [assessor.id, quantityOf(assessor.id)] as const)
      .filter(([, quantity]) => quantity > 0),
  );
  const asked = Object.entries(perAssessor);
  const counts = fairCounts(
    asked.map(([, requested]) => requested),
    available,
  );
  const shareById = new Map(asked.map(([id], index) => [id, counts[index] ?? 0]));
  return {
    request: {
      perAssessor,
      pool: {
        kind: pool.kind,
        preferCallableToday: pool.preferCallableToday,
        ...(pool.batchId === null ? {} : { batchId: pool.batchId }),
        ...(pool.source === null ? {} : { source: pool.source }),
      },
    },
    shares: assessors.map((assessor) => ({
      id: assessor.id,
      name: assessor.name,
      requested: quantityOf(assessor.id),
      share: shareById.get(assessor.id) ?? 0,
    })),
    requested: asked.reduce((sum, [, requested]) => sum + requested, 0),
    available,
    backlogged: assessors
      .filter((assessor) => (shareById.get(assessor.id) ?? 0) > 0 && isBacklogged(assessor))
      .map(({ id, name, pendingEarlier }) => ({
        id,
        name,
        pendingEarlier,
        share: shareById.get(id) ?? 0,
      })),
    idempotencyKey: crypto.randomUUID(),
  };
}

type Assessor = DistributionOverview['assessors'][number];

/** What is left of today's quota: 0 once today's distributions gave the whole of it. */
export const remainingQuota = (assessor: Assessor) =>
  Math.max(0, assessor.dailyQuota - assessor.receivedToday);

/** Still holding, from earlier days, at least a whole day's quota (and 100 leads at least). */
export const isBacklogged = (assessor: Assessor) =>
  assessor.pendingEarlier >= Math.max(100, assessor.dailyQuota);
