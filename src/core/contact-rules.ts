import { z } from 'zod';
import { addDays, instantIn, localTimeIn, type Uf } from './brazil-calendar.ts';
import type { AttemptOutcome } from './lead-status.ts';
import {
  type OutcomeKindKey,
  outcomeKinds,
  outcomeRegistry,
  outcomeRetryKeys,
  type RetryKey,
  retryKeyLabelOf,
} from './outcomes.ts';
import { storedSetting } from './stored-setting.ts';

/**
 * When a lead may be called again (issue #21 §2): a retry rule per kind of unfinished call,
 * caps on calls per lead whatever their outcome, and what becomes of call-backs nobody made.
 * The server plans every call with `planNextCall`; the assessor's list reads what it planned.
 */

/** The ways a call can end without the customer answering, beyond a plain "Não atendeu". */
export const noAnswerKinds = outcomeKinds.map((kind) => kind.key) as unknown as readonly [
  OutcomeKindKey,
  ...OutcomeKindKey[],
];
export type NoAnswerKind = OutcomeKindKey;
export const noAnswerKindSchema = z.enum(noAnswerKinds);

/**
 * The calls that leave the lead in its owner's list to be tried again, each with its rule: the
 * outcomes with a retry rule and their kinds (src/core/outcomes.ts).
 */
export const retryKeys = outcomeRetryKeys;
export type { RetryKey };
export const retryKeyLabels = Object.fromEntries(
  retryKeys.map((key) => [key, retryKeyLabelOf(key)]),
) as Record<RetryKey, string>;

/** What happens to a lead once the last try a rule allows is spent. */
export const afterLastTries = ['pool', 'recycle', 'close'] as const;
export type AfterLastTry = (typeof afterLastTries)[number];
export const afterLastTryLabels: Record<AfterLastTry, string> = {
  pool: 'Volta ao pool (novo)',
  recycle: 'Vai para a reciclagem',
  close: 'Encerrado: "Tentativas esgotadas"',
};

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}: informe um número.` })
    .int({ error: `${label}: informe um número inteiro.` })
    .min(min, { error: `${label}: o mínimo é ${min}.` })
    .max(max, { error: `${label}: o máximo é ${max}.` });

export const retryRuleSchema = z.strictObject({
  /** Minutes before the next try. */
  delayMinutes: wholeNumber('Intervalo', 1, 30 * 24 * 60),
  /** Tries ending this way while the lead stays with the same owner. */
  maxTries: wholeNumber('Máximo de tentativas', 1, 50),
  afterLast: z.enum(afterLastTries, { error: 'Escolha o que acontece após a última tentativa.' }),
});
export type RetryRule = z.infer<typeof retryRuleSchema>;

export const contactRulesSchema = z.strictObject({
  // One rule per retry key (the type below fails when an outcome gets a rule this lacks).
  retry: z.strictObject({
    no_answer: retryRuleSchema,
    busy: retryRuleSchema,
    voicemail: retryRuleSchema,
    /** Tried at the time agreed with the customer: no delay of its own. */
    yellow: retryRuleSchema.omit({ delayMinutes: true }),
  } satisfies Record<RetryKey, z.ZodType>),
  /** Calls per lead, whatever their outcome: in its local day, and in any 7 days. */
  caps: z.strictObject({
    perDay: wholeNumber('Ligações por dia', 1, 50),
    perWeek: wholeNumber('Ligações em 7 dias', 1, 200),
  }),
  /** A "Retornar" this late shows up for the administrators, and optionally goes back to the pool. */
  overdueCallbacks: z.strictObject({
    afterMinutes: wholeNumber('Atraso do retorno', 5, 7 * 24 * 60),
    returnToPool: z.boolean(),
  }),
});
export type ContactRules = z.infer<typeof contactRulesSchema>;

/**
 * What a call centre starts with: a busy line is tried again soon, an unanswered phone in
 * a couple of hours, a voicemail later in the day; six tries of each, then the lead goes to
 * the recycling; a customer who asked to be called back five times goes back to the pool
 * for someone else. At most 3 calls a day and 10 in a week per lead.
 */
export const defaultContactRules: ContactRules = {
  retry: {
    no_answer: { delayMinutes: 120, maxTries: 6, afterLast: 'recycle' },
    busy: { delayMinutes: 20, maxTries: 6, afterLast: 'recycle' },
    voicemail: { delayMinutes: 240, maxTries: 4, afterLast: 'recycle' },
    yellow: { maxTries: 5, afterLast: 'pool' },
  },
  caps: { perDay: 3, perWeek: 10 },
  overdueCallbacks: { afterMinutes: 120, returnToPool: false },
};

/** `GET`/`PUT /api/contact-rules`: the rules in force, with the shipped ones beside them. */
export const contactRulesAnswerSchema = z.object({
  rules: contactRulesSchema,
  defaults: contactRulesSchema,
});

/** The rules as stored (JSON text), or the defaults when none (or none readable) were saved. */
export function storedContactRules(stored: string | null | undefined): ContactRules {
  return storedSetting(contactRulesSchema, stored, defaultContactRules);
}

/** The app_settings key the rules are stored under. */
export const contactRulesSettingKey = 'contact_rules';

/** Why a lead waits before its next call. */
export const nextCallReasons = ['callback', 'retry', 'daily_cap', 'weekly_cap'] as const;
export type NextCallReason = (typeof nextCallReasons)[number];

/** A call already made to the lead. */
export interface EarlierCall {
  at: Date;
  outcome: AttemptOutcome;
  noAnswerKind: NoAnswerKind | null;
}

export interface CallToPlan {
  outcome: AttemptOutcome;
  noAnswerKind: NoAnswerKind | null;
  /** The time agreed for a "Retornar". */
  callbackAt: Date | null;
  /** The lead's calls of the last 7 days and since it was handed to its owner, in any order. */
  earlier: readonly EarlierCall[];
  /** When the lead was handed to its owner: its tries of each kind count from there. */
  handedOverAt: Date | null;
  /** The state whose day the daily cap counts (the phone's); Brasília's when unknown. */
  uf: Uf | undefined;
  now: Date;
}

export type CallPlan =
  | { refused: string }
  | {
      refused?: undefined;
      /** When the lead may be called again; null: whenever. */
      nextCallAt: Date | null;
      nextCallReason: NextCallReason | null;
      /** Set when this call spends the last try its rule allows. */
      triesSpent: AfterLastTry | null;
    };

const weekMs = 7 * 24 * 60 * 60_000;

/** The rule that governs a call, if the call leaves the lead to be tried again. */
export function retryKeyOf(outcome: AttemptOutcome, kind: NoAnswerKind | null): RetryKey | null {
  const record = outcomeRegistry.find((candidate) => candidate.key === outcome);
  if (!record || !('retry' in record)) return null;
  return kind ?? record.retry.key;
}

/**
 * Plans a call about to be recorded: refused when the lead is at a cap already; otherwise
 * when it may be called next and why (its retry rule's delay or the agreed call-back, or
 * later when this call reaches a cap), and whether it spends the rule's last try.
 */
export function planNextCall(rules: ContactRules, call: CallToPlan): CallPlan {
  const { perDay, perWeek } = rules.caps;
  const uf = call.uf ?? 'DF';
  const now = call.now.getTime();
  const today = localTimeIn(uf, call.now).day;
  const inWeek = call.earlier
    .map((earlier) => earlier.at.getTime())
    .filter((at) => at > now - weekMs && at <= now)
    .sort((left, right) => left - right);
  const callsToday = inWeek.filter((at) => localTimeIn(uf, new Date(at)).day === today).length;
  if (callsToday >= perDay) {
    return {
      refused: `Este lead já recebeu ${callsToday} ligações hoje, o limite por dia. Ele volta à lista quando puder ser ligado de novo.`,
    };
  }
  if (inWeek.length >= perWeek) {
    return {
      refused: `Este lead já recebeu ${inWeek.length} ligações em 7 dias, o limite da semana. Ele volta à lista quando puder ser ligado de novo.`,
    };
  }

  // With this call counted: the next local midnight, or the moment the oldest call that
  // keeps the week full turns 7 days old.
  const waits: { at: number; reason: NextCallReason }[] = [];
  if (callsToday + 1 >= perDay) {
    waits.push({ at: instantIn(uf, addDays(today, 1), 0).getTime(), reason: 'daily_cap' });
  }
  const week = [...inWeek, now];
  if (week.length >= perWeek) {
    const oldestKept = week[week.length - perWeek] as number;
    waits.push({ at: oldestKept + weekMs, reason: 'weekly_cap' });
  }

  const key = retryKeyOf(call.outcome, call.noAnswerKind);
  let triesSpent: AfterLastTry | null = null;
  if (key !== null) {
    const rule = rules.retry[key];
    const handedOverAt = call.handedOverAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    const tries =
      call.earlier.filter(
        (earlier) =>
          earlier.at.getTime() >= handedOverAt &&
          retryKeyOf(earlier.outcome, earlier.noAnswerKind) === key,
      ).length + 1;
    if (tries >= rule.maxTries) {
      triesSpent = rule.afterLast;
    } else if ('delayMinutes' in rule) {
      waits.push({ at: now + rule.delayMinutes * 60_000, reason: 'retry' });
    } else {
      waits.push({ at: (call.callbackAt ?? call.now).getTime(), reason: 'callback' });
    }
  }
  const latest = waits.reduce<(typeof waits)[number] | null>(
    (later, wait) => (later === null || wait.at > later.at ? wait : later),
    null,
  );
  return {
    nextCallAt: latest ? new Date(latest.at) : null,
    nextCallReason: latest?.reason ?? null,
    triesSpent,
  };
}
