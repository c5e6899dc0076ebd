/**
 * Every outcome an assessor records on a call, one record each: the status lists, labels,
 * colours, retry keys, phone states, SQL lists and CHECK constraints are all read from here
 * (src/core/lead-status.ts, contact-rules.ts, lead-phones.ts, attempts.ts; the repositories;
 * migration 0035), so an outcome is added in this one place.
 */
export interface OutcomeDefinition {
  /** Stored in `lead_attempts.outcome`; the lead takes it as its status (`leads.status`). */
  key: string;
  /** As the button, the badges and the reports name it. */
  label: string;
  /** Where space is short: the chart's legend. */
  shortLabel: string;
  /**
   * The key of the assessor's keyboard that records it: the keys run 1, 2, 3… in the order
   * the buttons show (each outcome, then its kinds), so reading them left to right is counting.
   */
  shortcut: string;
  /** Mantine colour name of its badge and button. */
  color: string;
  /** Mantine colour and shade of its bars in the chart (two dark outcomes told apart). */
  chartColor: string;
  /**
   * What it does to the lead: called again by its owner (the lead stays in their list), kept
   * by its owner out of the calling list (accepted, refused), or closed (out of circulation,
   * no owner; never distributed or recycled again).
   */
  lead: 'callAgain' | 'keepsOwner' | 'closes';
  /** Whether someone picked up: a conversation, whatever it decided. */
  answered: boolean;
  /** The call that converts: the follow-up, the conversion rate and the webhooks count it. */
  accepted?: true;
  /**
   * The retry rule it is tried again under (contact-rules.ts); `callback` when the time is the
   * one agreed with the customer, `delay` when the rule's own interval sets it.
   */
  retry?: { key: string; wait: 'callback' | 'delay' };
  /**
   * Ways the same outcome ends, each with its own retry rule and button ("Ocupado" and "Caixa
   * postal" are a "Não atendeu").
   */
  kinds?: readonly { key: string; label: string; shortcut: string }[];
  /**
   * The state the number dialled takes (`lead_phones.state`), and its label. On a lead with
   * several numbers the lead stays with its owner while another may be dialled, and closes on
   * its last one; a lead with a single number closes at once.
   */
  marksNumber?: { state: string; label: string };
  /** The person asked not to be called: every number of the lead goes to the block list. */
  blocksNumbers?: true;
}

export const outcomeRegistry = [
  {
    key: 'green',
    label: 'Aceitou',
    shortLabel: 'Aceitou',
    shortcut: '1',
    color: 'green',
    chartColor: 'green.6',
    lead: 'keepsOwner',
    answered: true,
    accepted: true,
  },
  {
    key: 'yellow',
    label: 'Retornar',
    shortLabel: 'Retornar',
    shortcut: '2',
    color: 'yellow',
    chartColor: 'yellow.5',
    lead: 'callAgain',
    answered: true,
    retry: { key: 'yellow', wait: 'callback' },
  },
  {
    key: 'red',
    label: 'Não aceitou',
    shortLabel: 'Não aceitou',
    shortcut: '3',
    color: 'red',
    chartColor: 'red.6',
    lead: 'keepsOwner',
    answered: true,
  },
  {
    key: 'no_answer',
    label: 'Não atendeu',
    shortLabel: 'Não atendeu',
    shortcut: '4',
    color: 'orange',
    chartColor: 'orange.6',
    lead: 'callAgain',
    answered: false,
    retry: { key: 'no_answer', wait: 'delay' },
    kinds: [
      { key: 'busy', label: 'Ocupado', shortcut: '5' },
      { key: 'voicemail', label: 'Caixa postal', shortcut: '6' },
    ],
  },
  {
    key: 'invalid',
    label: 'Número inválido',
    shortLabel: 'Número inválido',
    shortcut: '7',
    color: 'dark',
    chartColor: 'gray.6',
    lead: 'closes',
    answered: false,
    marksNumber: { state: 'invalid', label: 'Inválido' },
  },
  {
    // The number works but is someone else's (a recycled mobile number): someone answered.
    key: 'wrong_person',
    label: 'Não conhece o titular',
    shortLabel: 'Não conhece',
    shortcut: '8',
    color: 'cyan',
    chartColor: 'cyan.6',
    lead: 'closes',
    answered: true,
    marksNumber: { state: 'not_owner', label: 'Não pertence' },
  },
  {
    key: 'do_not_call',
    label: 'Não ligar',
    shortLabel: 'Não ligar',
    shortcut: '9',
    color: 'dark',
    chartColor: 'dark.7',
    lead: 'closes',
    answered: true,
    blocksNumbers: true,
  },
] as const satisfies readonly OutcomeDefinition[];

type Registry = typeof outcomeRegistry;
type Outcome = Registry[number];
export type OutcomeKey = Outcome['key'];

/** The record of one outcome. */
export function outcomeOf<Key extends OutcomeKey>(key: Key): Extract<Outcome, { key: Key }> {
  const found = outcomeRegistry.find((outcome) => outcome.key === key);
  if (!found) throw new Error(`unknown outcome ${key}`);
  return found as Extract<Outcome, { key: Key }>;
}

/** The keys of the outcomes that match `test`, in the registry's order. */
function keysWhere<Matching extends Outcome>(
  test: (outcome: Outcome) => outcome is Matching,
): Matching['key'][] {
  return outcomeRegistry.filter(test).map((outcome) => outcome.key);
}

export const outcomeKeys = outcomeRegistry.map((outcome) => outcome.key) as unknown as readonly [
  OutcomeKey,
  ...OutcomeKey[],
];

type ClosingOutcome = Extract<Outcome, { lead: 'closes' }>;
export const closingOutcomeKeys = keysWhere(
  (outcome): outcome is ClosingOutcome => outcome.lead === 'closes',
);

type OwnerOutcome = Extract<Outcome, { lead: 'callAgain' | 'keepsOwner' }>;
/** Outcomes after which the lead keeps its owner. */
export const ownerOutcomeKeys = keysWhere(
  (outcome): outcome is OwnerOutcome => outcome.lead !== 'closes',
);

type CallAgainOutcome = Extract<Outcome, { lead: 'callAgain' }>;
export const callAgainOutcomeKeys = keysWhere(
  (outcome): outcome is CallAgainOutcome => outcome.lead === 'callAgain',
);

type AnsweredOutcome = Extract<Outcome, { answered: true }>;
export const answeredOutcomeKeys = keysWhere(
  (outcome): outcome is AnsweredOutcome => outcome.answered,
);

type AcceptedOutcome = Extract<Outcome, { accepted: true }>;
/** The outcome that converts a lead (only one: the follow-up lists its leads). */
export const acceptedOutcomeKey: AcceptedOutcome['key'] = (() => {
  const [accepted, ...more] = outcomeRegistry.filter((outcome) => 'accepted' in outcome);
  if (!accepted || more.length > 0) throw new Error('exactly one outcome converts');
  return accepted.key as AcceptedOutcome['key'];
})();

type RetriedOutcome = Extract<Outcome, { retry: object }>;
/** The outcome whose retries wait for the time agreed with the customer ("Retornar"). */
export const callbackOutcomeKey = (() => {
  const found = outcomeRegistry.find(
    (outcome): outcome is Extract<RetriedOutcome, { retry: { wait: 'callback' } }> =>
      'retry' in outcome && outcome.retry.wait === 'callback',
  );
  if (!found) throw new Error('no call-back outcome');
  return found.key;
})();

type KindsOf<Item> = Item extends { kinds: readonly (infer Kind)[] } ? Kind : never;
type OutcomeKind = KindsOf<Outcome>;
export type OutcomeKindKey = OutcomeKind['key'];
/** Every kind an outcome ends in, with the outcome it belongs to. */
export const outcomeKinds = outcomeRegistry.flatMap((outcome) =>
  'kinds' in outcome
    ? outcome.kinds.map((kind) => ({ ...kind, outcome: outcome.key as OutcomeKey }))
    : [],
) as (OutcomeKind & { outcome: OutcomeKey })[];

export type RetryKey = RetriedOutcome['retry']['key'] | OutcomeKindKey;

/**
 * Every retry rule: an outcome's own, then its kinds' (each kind of a retried outcome is tried
 * again under a rule of its own); the rules with an interval first, the agreed call-back last.
 */
export const outcomeRetryKeys = [...outcomeRegistry]
  .sort(
    (left, right) =>
      Number('retry' in left && left.retry.wait === 'callback') -
      Number('retry' in right && right.retry.wait === 'callback'),
  )
  .flatMap((outcome): RetryKey[] =>
    'retry' in outcome
      ? [outcome.retry.key, ...('kinds' in outcome ? outcome.kinds.map((kind) => kind.key) : [])]
      : [],
  );

/** The label of each retry rule: its outcome's, or its kind's. */
export const retryKeyLabelOf = (key: RetryKey): string =>
  outcomeKinds.find((kind) => kind.key === key)?.label ??
  outcomeRegistry.find((outcome) => 'retry' in outcome && outcome.retry.key === key)?.label ??
  key;

type MarkingOutcome = Extract<Outcome, { marksNumber: object }>;
export type MarkedPhoneState = MarkingOutcome['marksNumber']['state'];
/** The number states outcomes mark, in the registry's order, with their labels. */
export const markedPhoneStates = outcomeRegistry.flatMap((outcome) =>
  'marksNumber' in outcome ? [outcome.marksNumber] : [],
) as MarkingOutcome['marksNumber'][];

/** The state the number dialled takes with this outcome, or null when it keeps its state. */
export function phoneStateMarkedBy(key: OutcomeKey): MarkedPhoneState | null {
  const outcome = outcomeOf(key);
  return 'marksNumber' in outcome ? outcome.marksNumber.state : null;
}

/** Whether the outcome puts every number of the lead on the block list. */
export function outcomeBlocksNumbers(key: OutcomeKey): boolean {
  return 'blocksNumbers' in outcomeOf(key);
}
