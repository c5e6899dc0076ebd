import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './live-connection.ts';

describe('coalesce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the first ask at once, a burst once a second, and never loses its last ask', () => {
    const run = vi.fn();
    const later = coalesce(run, 1000);
    later.ask();
    expect(run).toHaveBeenCalledTimes(1);
    // Fifty events in the next 900 ms: one run, at the end of the second.
    for (let event = 0; event < 50; event++) {
      vi.advanceTimersByTime(18);
      later.ask();
    }
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(2);
    // A quiet spell: the next ask runs at once again.
    vi.advanceTimersByTime(5000);
    later.ask();
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('runs nothing after it is cancelled', () => {
    const run = vi.fn();
    const later = coalesce(run, 1000);
    later.ask();
    later.ask();
    later.cancel();
    vi.advanceTimersByTime(2000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
