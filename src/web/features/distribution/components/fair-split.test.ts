import { describe, expect, it } from 'vitest';
import { fairSplit } from './fair-split.ts';

const asked = (entries: [string, number][]) => new Map(entries);

describe('fairSplit', () => {
  it('gives everyone what they asked when the pool suffices', () => {
    const shares = fairSplit(
      asked([
        ['a', 3],
        ['b', 5],
      ]),
      10,
    );
    expect(Object.fromEntries(shares)).toEqual({ a: 3, b: 5 });
  });

  it('splits a short pool evenly, never above a request, using the whole pool', () => {
    const shares = fairSplit(
      asked([
        ['a', 2],
        ['b', 10],
        ['c', 10],
        ['d', 0],
      ]),
      11,
    );
    expect(Object.fromEntries(shares)).toEqual({ a: 2, b: 5, c: 4, d: 0 });
  });

  it('gives nothing from an empty pool', () => {
    expect(Object.fromEntries(fairSplit(asked([['a', 4]]), 0))).toEqual({ a: 0 });
  });
});
