import type { Uf } from '../src/core/brazil-calendar.ts';
import {
  type AfterLastTry,
  type ContactRules,
  type EarlierCall,
  type NoAnswerKind,
  planNextCall,
  retryKeyLabels,
} from '../src/core/contact-rules.ts';
import { type AttemptOutcome, leadStatusLabels } from '../src/core/lead-status.ts';
import { type LeadAction, leadTransitions } from '../src/core/lead-transitions.ts';
import { callbackOutcomeKey, outcomeBlocksNumbers, outcomeOf } from '../src/core/outcomes.ts';
import { type CallingClock, centreTime, minutes } from './demo-clock.ts';
import { applyTransition, type DemoHistoryRow, type DemoLeadState } from './demo-lead-state.ts';
import type { DemoRandom } from './demo-random.ts';

export interface DemoAttempt {
  lead: number;
  assessor: number;
  outcome: AttemptOutcome;
  noAnswerKind: NoAnswerKind | null;
  channel: 'phone' | 'whatsapp';
  note: string | null;
  callbackAt: Date | null;
  at: Date;
  outsideWindowReason: string | null;
}

/** What the assessors' calls leave behind. */
export interface DemoCallLog {
  attempts: DemoAttempt[];
  history: DemoHistoryRow[];
  /** Phones a "Não ligar" put on the block list, with the call that did. */
  blocked: { phone: string; assessor: number; at: Date; reason: string }[];
}

/** The reason an assessor gives for the call-back a customer asked for after hours. */
export const demoOutsideWindowReason = 'O cliente pediu para ligar neste horário.';

const firstCallMix: (readonly [AttemptOutcome, number])[] = [
  ['no_answer', 36],
  ['red', 20],
  ['yellow', 15],
  ['green', 13],
  ['invalid', 7],
  ['wrong_person', 5],
  ['do_not_call', 4],
];
/** A call-back reaches someone who asked for it: more of them decide. */
const callbackMix: (readonly [AttemptOutcome, number])[] = [
  ['green', 34],
  ['red', 28],
  ['yellow', 14],
  ['no_answer', 24],
];
const notes: Partial<Record<AttemptOutcome, string[]>> = {
  green: ['Aceitou fazer o cadastro.', 'Fechou pelo WhatsApp.', 'Confirmou os dados.'],
  red: ['Não tem interesse no momento.', 'Já é cliente de outra empresa.', 'Achou caro.'],
  yellow: [
    'Pediu para ligar mais tarde.',
    'Está no trabalho, retornar.',
    'Vai falar com a família.',
  ],
  no_answer: ['Chamou até cair.', 'Fora de área.'],
  invalid: ['Número não existe.'],
  wrong_person: ['Atendeu outra pessoa, não conhece o titular.'],
  do_not_call: ['Pediu para não ser mais contatado.'],
};

export interface CallingLead {
  index: number;
  phone: string;
  place: { uf: Uf; city: string };
  state: DemoLeadState;
}

/** As attempt.service's planCall names the change in the lead's history. */
function historyReason(action: LeadAction, outcome: AttemptOutcome, kind: NoAnswerKind | null) {
  const label = kind ? retryKeyLabels[kind] : leadStatusLabels[outcome];
  return action === 'recordOutcome' || action === 'scheduleCallback'
    ? `Ligação: ${label}`
    : `${leadTransitions[action].label} (${label})`;
}

function callAction(outcome: AttemptOutcome, triesSpent: AfterLastTry | null): LeadAction {
  if (triesSpent === 'pool') return 'lastTryToPool';
  if (triesSpent === 'recycle') return 'lastTryToRecycling';
  if (triesSpent === 'close') return 'lastTryClosed';
  return outcome === callbackOutcomeKey ? 'scheduleCallback' : 'recordOutcome';
}

export function demoCaller(deps: {
  random: DemoRandom;
  clock: CallingClock;
  rules: ContactRules;
  now: Date;
  log: DemoCallLog;
}) {
  const { random, clock, rules, now, log } = deps;

  /**
   * A time the customer agrees to be called back at, in the centre's shift: most inside their
   * state's calling hours, a few after them (the customer's own choice, given as the reason).
   */
  function callbackTime(lead: CallingLead, at: Date): Date | null {
    if (random.chance(0.12)) {
      const today = centreTime(at).day;
      const later = clock
        .outOfWindowInShift(lead.place, today)
        .filter((instant) => instant.getTime() > at.getTime() + minutes(60));
      if (later.length > 0) return random.pick(later);
    }
    const wanted = at.getTime() + minutes(random.int(4, 200) * 15);
    return clock.nextCallable(lead.place, new Date(Math.ceil(wanted / minutes(15)) * minutes(15)));
  }

  /** The assessor's calls to `lead` from its hand-over to now, as the app records them. */
  return function callLead(lead: CallingLead, assessor: number, handedOverAt: Date) {
    const earlier: EarlierCall[] = [];
    // Most leads are called the day they arrive; some wait in the list for days.
    const wait = random.chance(0.85) ? random.int(3, 540) : random.int(1, 6) * 24 * 60;
    let at = spread(lead, new Date(handedOverAt.getTime() + minutes(wait)));
    for (let call = 0; call < 15 && at !== null && at <= now; call++) {
      const outcome = random.weighted(lead.state.status === 'yellow' ? callbackMix : firstCallMix);
      const noAnswerKind =
        outcome === 'no_answer'
          ? random.weighted<NoAnswerKind | null>([
              [null, 2],
              ['busy', 1],
              ['voicemail', 1],
            ])
          : null;
      const callbackAt = outcome === callbackOutcomeKey ? callbackTime(lead, at) : null;
      if (outcome === callbackOutcomeKey && callbackAt === null) break;
      const plan = planNextCall(rules, {
        outcome,
        noAnswerKind,
        callbackAt,
        earlier,
        handedOverAt,
        uf: lead.place.uf,
        now: at,
      });
      if (plan.refused !== undefined) {
        at = clock.nextCallable(lead.place, new Date(at.getTime() + minutes(24 * 60)));
        continue;
      }
      const action = callAction(outcome, plan.triesSpent);
      const note = random.chance(0.6) ? random.pick(notes[outcome] ?? ['']) || null : null;
      const reason = historyReason(action, outcome, noAnswerKind);
      const change = applyTransition(lead.state, action, {
        at,
        outcome,
        assessor,
        callbackAt,
        nextCall: { at: plan.nextCallAt, reason: plan.nextCallReason },
        note,
      });
      log.history.push({ ...change, lead: lead.index, by: assessor, reason });
      log.attempts.push({
        lead: lead.index,
        assessor,
        outcome,
        noAnswerKind,
        channel: random.chance(0.25) ? 'whatsapp' : 'phone',
        note,
        callbackAt,
        at,
        outsideWindowReason: clock.allowed(lead.place, at) ? null : demoOutsideWindowReason,
      });
      if (outcomeBlocksNumbers(outcome))
        log.blocked.push({ phone: lead.phone, assessor, at, reason });
      earlier.push({ at, outcome, noAnswerKind });
      if (lead.state.owner !== assessor || outcomeOf(outcome).lead === 'keepsOwner') break;
      at = nextCallTime(lead, at, callbackAt, lead.state.nextCallAt);
    }
  };

  /** When the assessor gets to the lead again: at the agreed time, or after the rule's wait. */
  function nextCallTime(lead: CallingLead, at: Date, callbackAt: Date | null, due: Date | null) {
    if (callbackAt) {
      if (!clock.allowed(lead.place, callbackAt)) return callbackAt;
      if (random.chance(0.15)) {
        return clock.nextCallable(
          lead.place,
          new Date(callbackAt.getTime() + minutes(random.int(60, 300))),
        );
      }
      const late = new Date(callbackAt.getTime() + minutes(random.int(0, 40)));
      return clock.allowed(lead.place, late) ? late : callbackAt;
    }
    const from = Math.max(due?.getTime() ?? at.getTime(), at.getTime() + minutes(5));
    return spread(lead, new Date(from + minutes(random.int(0, 150))));
  }

  /**
   * The first time the lead may be called from `at` on; a call put off to the next morning
   * comes some time into it, not at the opening minute with every other one.
   */
  function spread(lead: CallingLead, at: Date): Date | null {
    const callable = clock.nextCallable(lead.place, at);
    if (callable === null || callable.getTime() === at.getTime()) return callable;
    return clock.nextCallable(
      lead.place,
      new Date(callable.getTime() + minutes(random.int(0, 180))),
    );
  }
}
