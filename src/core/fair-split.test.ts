import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairCounts } from './fair-split.ts';

/**
 * The rule as the page explains it to the admin, written the slow and obvious way: one lead per
 * assessor per round, in list order, until the pool or the requests run out.
 */
function roundRobin(requested: readonly number[], available: number): number[] {
  const counts = requested.map(() => 0);
  let remaining = Math.max(0, available);
  let gave = true;
  while (remaining > 0 && gave) {
    gave = false;
    requested.forEach((wanted, index) => {
      if (remaining > 0 && (counts[index] ?? 0) < wanted) {
        counts[index] = (counts[index] ?? 0) + 1;
        remaining -= 1;
        gave = true;
      }
    });
  }
  return counts;
}

describe('fairCounts', () => {
  it('gives everyone what they asked when the pool suffices', () => {
    expect(fairCounts([3, 5], 10)).toEqual([3, 5]);
  });

  it('splits a short pool evenly, never above a request, using the whole pool', () => {
    expect(fairCounts([2, 10, 10, 0], 11)).toEqual([2, 5, 4, 0]);
  });

  it('gives the odd leads of the last round to the first assessors in the list', () => {
    expect(fairCounts([10, 10, 10], 4)).toEqual([2, 1, 1]);
    expect(fairCounts([10, 10, 10], 5)).toEqual([2, 2, 1]);
    expect(fairCounts([0, 10, 10], 1)).toEqual([0, 1, 0]);
  });

  it('gives nothing from an empty pool', () => {
    expect(fairCounts([4], 0)).toEqual([0]);
    expect(fairCounts([4, 2], -3)).toEqual([0, 0]);
  });

  it('always agrees with a round-robin handing out one lead at a time', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 60 }), { maxLength: 12 }),
        fc.nat({ max: 400 }),
        (requested, available) => {
          expect(fairCounts(requested, available)).toEqual(roundRobin(requested, available));
        },
      ),
      { seed: 18, numRuns: 2000 },
    );
  });
});
