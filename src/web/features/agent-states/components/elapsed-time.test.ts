import { describe, expect, it } from 'vitest';
import { progressText } from './agent-state-bar.tsx';
import { elapsedText } from './elapsed-time.ts';

describe('the pause banner’s words', () => {
  it('counts minutes and seconds, hours past the first', () => {
    expect(elapsedText(0, 0)).toBe('00:00');
    expect(elapsedText(0, 754_999)).toBe('12:34');
    expect(elapsedText(0, 3_723_000)).toBe('1:02:03');
    // A browser clock a little behind the server's shows no negative time.
    expect(elapsedText(5_000, 0)).toBe('00:00');
  });

  it('says a target’s progress, the team’s apart', () => {
    expect(
      progressText({ owner: 'assessor', period: 'day', metric: 'accepted', done: 12, target: 20 }),
    ).toBe('Meta do dia: 12 de 20 aceites');
    expect(
      progressText({ owner: 'team', period: 'month', metric: 'calls', done: 1500, target: 2000 }),
    ).toBe('Equipe · Meta do mês: 1.500 de 2.000 ligações');
  });
});
