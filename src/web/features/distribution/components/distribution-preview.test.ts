import { describe, expect, it } from 'vitest';
import { distributionRequestSchema } from '../../../../core/distribution.ts';
import { fairCounts } from '../../../../core/fair-split.ts';
import { buildDistributionPreview, remainingQuota } from './distribution-preview.ts';
import { anyPool } from './pool-restriction.tsx';

const assessor = (id: string, name: string, figures: { pendingEarlier?: number } = {}) => ({
  id,
  name,
  dailyQuota: 0,
  pending: figures.pendingEarlier ?? 0,
  pendingEarlier: figures.pendingEarlier ?? 0,
  receivedToday: 0,
  workedToday: 0,
});

/** What the server hands out for this request: the body as it arrives, split in its key order. */
function serverShares(request: unknown, available: number) {
  const body = distributionRequestSchema.parse(JSON.parse(JSON.stringify(request)));
  const asked = Object.entries(body.perAssessor ?? {});
  const counts = fairCounts(
    asked.map(([, requested]) => requested),
    available,
  );
  return Object.fromEntries(asked.map(([id], index) => [id, counts[index]]));
}

describe('buildDistributionPreview', () => {
  it('shows each assessor the share the server gives for the request it sends', () => {
    const asked: Record<string, number> = { u1: 2, u2: 10, u3: 10, u4: 0 };
    const preview = buildDistributionPreview({
      assessors: [
        assessor('u1', 'Ana'),
        assessor('u2', 'Bia'),
        assessor('u3', 'Caio'),
        assessor('u4', 'Davi'),
      ],
      pool: anyPool,
      available: 11,
      quantityOf: (id) => asked[id] ?? 0,
    });
    expect(preview.request).toEqual({
      perAssessor: { u1: 2, u2: 10, u3: 10 },
      pool: { kind: 'mixed', preferCallableToday: true },
    });
    expect(preview.shares.map(({ id, share }) => [id, share])).toEqual([
      ['u1', 2],
      ['u2', 5],
      ['u3', 4],
      ['u4', 0],
    ]);
    expect(preview.requested).toBe(22);
  });

  it('gives the odd lead to whom the server gives it, even when the list and the body disagree on order', () => {
    // The list names '20' first; a JavaScript object reads integer-like keys first, in order.
    const preview = buildDistributionPreview({
      assessors: [assessor('20', 'Ana'), assessor('3', 'Zeca')],
      pool: anyPool,
      available: 3,
      quantityOf: () => 5,
    });
    const shown = Object.fromEntries(preview.shares.map(({ id, share }) => [id, share]));
    expect(shown).toEqual(serverShares(preview.request, 3));
    expect(shown).toEqual({ '3': 2, '20': 1 });
  });

  it('names who would get more while holding a whole day of leads from earlier days', () => {
    const preview = buildDistributionPreview({
      assessors: [
        assessor('u1', 'Ana', { pendingEarlier: 1594 }),
        assessor('u2', 'Bia', { pendingEarlier: 12 }),
        assessor('u3', 'Caio', { pendingEarlier: 400 }),
      ],
      pool: anyPool,
      available: 100,
      quantityOf: (id) => (id === 'u3' ? 0 : 50),
    });
    expect(preview.backlogged).toEqual([
      { id: 'u1', name: 'Ana', pendingEarlier: 1594, share: 50 },
    ]);
  });
});

describe('remainingQuota', () => {
  it('is what today has not given yet, never below 0', () => {
    const base = assessor('u1', 'Ana');
    expect(remainingQuota({ ...base, dailyQuota: 100, receivedToday: 0 })).toBe(100);
    expect(remainingQuota({ ...base, dailyQuota: 100, receivedToday: 30 })).toBe(70);
    expect(remainingQuota({ ...base, dailyQuota: 100, receivedToday: 100 })).toBe(0);
    expect(remainingQuota({ ...base, dailyQuota: 100, receivedToday: 150 })).toBe(0);
  });
});
