import { describe, expect, it } from 'vitest';
import {
  type CallToPlan,
  type ContactRules,
  contactRulesSchema,
  defaultContactRules,
  type EarlierCall,
  planNextCall,
} from './contact-rules.ts';

/** Wednesday 25/11/2026, 10:00 in São Paulo (UTC−3). */
const now = new Date('2026-11-25T13:00:00Z');
const minutes = (count: number) => count * 60_000;
const ago = (ms: number) => new Date(now.getTime() - ms);
const noAnswer = (at: Date, noAnswerKind: EarlierCall['noAnswerKind'] = null): EarlierCall => ({
  at,
  outcome: 'no_answer',
  noAnswerKind,
});

const plan = (call: Partial<CallToPlan>, rules: ContactRules = defaultContactRules) =>
  planNextCall(rules, {
    outcome: 'no_answer',
    noAnswerKind: null,
    callbackAt: null,
    earlier: [],
    handedOverAt: ago(minutes(24 * 60)),
    uf: 'SP',
    now,
    ...call,
  });

describe('planNextCall: the retry rule of each outcome', () => {
  it('"Não atendeu" comes back after its delay (2 h by default)', () => {
    expect(plan({})).toEqual({
      nextCallAt: new Date(now.getTime() + minutes(120)),
      nextCallReason: 'retry',
      triesSpent: null,
    });
  });

  it('"Ocupado" and "Caixa postal" each keep their own delay', () => {
    expect(plan({ noAnswerKind: 'busy' })).toMatchObject({
      nextCallAt: new Date(now.getTime() + minutes(20)),
    });
    expect(plan({ noAnswerKind: 'voicemail' })).toMatchObject({
      nextCallAt: new Date(now.getTime() + minutes(240)),
    });
  });

  it('"Retornar" comes back at the time agreed', () => {
    const callbackAt = new Date('2026-11-26T18:30:00Z');
    expect(plan({ outcome: 'yellow', callbackAt })).toEqual({
      nextCallAt: callbackAt,
      nextCallReason: 'callback',
      triesSpent: null,
    });
  });

  it('the last try of a rule says what the rule does next, counting only that kind since the hand-over', () => {
    const rules: ContactRules = {
      ...defaultContactRules,
      caps: { perDay: 50, perWeek: 200 },
      retry: {
        ...defaultContactRules.retry,
        voicemail: { delayMinutes: 60, maxTries: 3, afterLast: 'close' },
        yellow: { maxTries: 2, afterLast: 'pool' },
      },
    };
    const twoVoicemails = [
      noAnswer(ago(minutes(300)), 'voicemail'),
      noAnswer(ago(minutes(200)), 'voicemail'),
    ];
    expect(plan({ noAnswerKind: 'voicemail', earlier: twoVoicemails }, rules)).toEqual({
      nextCallAt: null,
      nextCallReason: null,
      triesSpent: 'close',
    });
    // Calls of another kind, or made before the lead came to its owner, do not count.
    expect(
      plan(
        {
          noAnswerKind: 'voicemail',
          earlier: [noAnswer(ago(minutes(300)), 'busy'), twoVoicemails[1] as EarlierCall],
        },
        rules,
      ),
    ).toMatchObject({ triesSpent: null, nextCallReason: 'retry' });
    expect(
      plan(
        { noAnswerKind: 'voicemail', earlier: twoVoicemails, handedOverAt: ago(minutes(250)) },
        rules,
      ),
    ).toMatchObject({ triesSpent: null });
    const callbackAt = new Date(now.getTime() + minutes(60));
    expect(
      plan(
        {
          outcome: 'yellow',
          callbackAt,
          earlier: [{ at: ago(minutes(60)), outcome: 'yellow', noAnswerKind: null }],
        },
        rules,
      ),
    ).toMatchObject({ triesSpent: 'pool', nextCallAt: null });
  });

  it('an outcome without a retry rule leaves the lead callable whenever, below the caps', () => {
    expect(plan({ outcome: 'red' })).toEqual({
      nextCallAt: null,
      nextCallReason: null,
      triesSpent: null,
    });
  });
});

describe('planNextCall: the caps per lead', () => {
  it('the third call of the day waits for the next local midnight, whatever its outcome', () => {
    const earlier = [noAnswer(ago(minutes(240))), noAnswer(ago(minutes(60)))];
    // Midnight in São Paulo is 03:00 UTC.
    expect(plan({ earlier, outcome: 'red' })).toEqual({
      nextCallAt: new Date('2026-11-26T03:00:00Z'),
      nextCallReason: 'daily_cap',
      triesSpent: null,
    });
  });

  it('counts the day in the lead’s state: 20:30 in Rio Branco is still the same day there', () => {
    // Wednesday 20:30 in Acre (UTC−5) is already Thursday 01:30 UTC.
    const lateInAcre = new Date('2026-11-26T01:30:00Z');
    const earlier = [
      noAnswer(new Date('2026-11-25T14:00:00Z')),
      noAnswer(new Date('2026-11-25T20:00:00Z')),
    ];
    expect(plan({ uf: 'AC', now: lateInAcre, earlier, outcome: 'red' })).toMatchObject({
      nextCallAt: new Date('2026-11-26T05:00:00Z'),
      nextCallReason: 'daily_cap',
    });
    // The same calls seen from São Paulo: 22:30 of Wednesday, two calls that day.
    expect(plan({ uf: 'SP', now: lateInAcre, earlier, outcome: 'red' })).toMatchObject({
      nextCallReason: 'daily_cap',
      nextCallAt: new Date('2026-11-26T03:00:00Z'),
    });
  });

  it('refuses a fourth call the same day, and an eleventh in 7 days, in pt-BR', () => {
    const threeToday = [120, 90, 30].map((minutesAgo) => noAnswer(ago(minutes(minutesAgo))));
    expect(plan({ earlier: threeToday })).toEqual({
      refused:
        'Este lead já recebeu 3 ligações hoje, o limite por dia. Ele volta à lista quando puder ser ligado de novo.',
    });
    const tenThisWeek = Array.from({ length: 10 }, (_, day) =>
      noAnswer(ago(minutes((day + 1) * 14 * 60))),
    );
    expect(plan({ earlier: tenThisWeek })).toMatchObject({
      refused: expect.stringContaining('10 ligações em 7 dias'),
    });
  });

  it('the tenth call in 7 days waits until the oldest of them is 7 days old', () => {
    const nine = Array.from({ length: 9 }, (_, index) => noAnswer(ago(minutes((index + 1) * 900))));
    const oldest = nine[8] as EarlierCall;
    expect(plan({ earlier: nine, outcome: 'red' })).toEqual({
      nextCallAt: new Date(oldest.at.getTime() + 7 * 24 * 60 * 60_000),
      nextCallReason: 'weekly_cap',
      triesSpent: null,
    });
    // Calls older than 7 days no longer count.
    const eightDaysAgo = noAnswer(ago(minutes(8 * 24 * 60)));
    expect(plan({ earlier: [eightDaysAgo, ...nine.slice(1)], outcome: 'red' })).toMatchObject({
      nextCallAt: null,
    });
  });

  it('a retry that would fall before a cap waits for the cap, and says so', () => {
    const earlier = [noAnswer(ago(minutes(300))), noAnswer(ago(minutes(150)))];
    expect(plan({ earlier, noAnswerKind: 'busy' })).toMatchObject({
      nextCallReason: 'daily_cap',
    });
    // A call-back agreed for after the cap keeps its own time.
    const callbackAt = new Date('2026-11-26T15:00:00Z');
    expect(plan({ earlier, outcome: 'yellow', callbackAt })).toMatchObject({
      nextCallAt: callbackAt,
      nextCallReason: 'callback',
    });
  });
});

describe('contactRulesSchema', () => {
  it('accepts the defaults and refuses a nonsense rule in pt-BR', () => {
    expect(contactRulesSchema.parse(defaultContactRules)).toEqual(defaultContactRules);
    const result = contactRulesSchema.safeParse({
      ...defaultContactRules,
      caps: { perDay: 0, perWeek: 10 },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Ligações por dia: o mínimo é 1.');
  });
});
