import { describe, expect, it } from 'vitest';
import { rowsClaimedEarlier } from './numbers-claimed.ts';

describe('the rows whose numbers an earlier row claimed', () => {
  it('are the later rows of a shared number, unless the earlier one claimed nothing', () => {
    // Row 2 shares X with row 1, which makes a lead: a duplicate, it claims none of its numbers,
    // so row 3, which shares only Y with row 2, makes a lead; row 4 shares Y with row 3.
    expect(
      rowsClaimedEarlier([
        { phone: 'X', rows: [2, 1] },
        { phone: 'Y', rows: [3, 2, 4] },
      ]),
    ).toEqual([2, 4]);
  });

  it('are none when no number is shared', () => {
    expect(rowsClaimedEarlier([])).toEqual([]);
  });
});
