import { describe, expect, it } from 'vitest';
import type { DemoAttempt } from './demo-calls.ts';
import { planDemoFloor } from './demo-floor.ts';
import { demoRandom } from './demo-random.ts';

/** Monday 2026-11-30 at 10:30 in Brasília (UTC−3). */
const now = new Date('2026-11-30T13:30:00Z');
const call = (assessor: number, utc: string): DemoAttempt => ({
  lead: 0,
  assessor,
  outcome: 'no_answer',
  noAnswerKind: null,
  channel: 'phone',
  note: null,
  callbackAt: null,
  at: new Date(utc),
  outsideWindowReason: null,
});

describe("the demo's floor, caught in the middle of a working day", () => {
  const assessorIds = ['a0', 'a1', 'a2', 'a3', 'a4'];
  const attempts = [0, 1, 2, 3, 4].flatMap((assessor) => [
    call(assessor, '2026-11-27T12:00:00Z'),
    call(assessor, '2026-11-27T12:40:00Z'),
    call(assessor, '2026-11-30T12:00:00Z'),
    call(assessor, '2026-11-30T12:05:00Z'),
  ]);
  const spans = planDemoFloor({ attempts, assessorIds, now, random: demoRandom(1) });
  const openState = (user: string) =>
    spans.filter((span) => span.user === user && span.to === null).map((span) => span.state);

  it('leaves one assessor on a call, one on a pause, one signed out and the others available', () => {
    expect(assessorIds.map(openState)).toEqual([
      ['on_call'],
      ['available'],
      ['paused'],
      ['available'],
      ['disconnected'],
    ]);
  });

  it('signs each assessor out at the end of an earlier day, and pauses in a long gap', () => {
    const friday = spans.filter(
      (span) => span.user === 'a1' && span.from < new Date('2026-11-28T00:00:00Z'),
    );
    expect(friday.map((span) => span.state)).toEqual([
      'available',
      'on_call',
      'available',
      'paused',
      'available',
      'on_call',
      'available',
      'disconnected',
    ]);
    for (const span of spans) {
      if (span.to) expect(span.to.getTime()).toBeGreaterThanOrEqual(span.from.getTime());
      expect(span.from.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });
});
