import { describe, expect, it } from 'vitest';
import { daysBetween, isCalendarDay, performanceQuerySchema, presetDays } from './reports.ts';

describe('the performance report periods', () => {
  it('takes only days of the calendar', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('01/03/2026')).toBe(false);
  });

  it('reads each preset back from today, and a month from its first day', () => {
    expect(presetDays('today', '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetDays('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(presetDays('7d', '2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(presetDays('30d', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(presetDays('month', '2026-03-17')).toEqual({ from: '2026-03-01', to: '2026-03-17' });
    expect(daysBetween('2026-01-31', '2026-03-01')).toBe(30);
  });

  it('takes a leap year of days and refuses one more', () => {
    const ok = performanceQuerySchema.safeParse({ from: '2028-01-01', to: '2028-12-31' });
    expect(ok.success).toBe(true);
    const long = performanceQuerySchema.safeParse({ from: '2027-12-31', to: '2028-12-31' });
    expect(long.error?.issues[0]?.message).toBe('O período pode ter no máximo 366 dias.');
  });
});
