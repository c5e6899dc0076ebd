import type { AppEventType } from './events.ts';
import {
  type AttemptOutcome,
  attemptOutcomes,
  closedStatuses,
  distributableStatuses,
  type LeadStatus,
  leadStatuses,
  workableStatuses,
} from './lead-status.ts';
import { callbackOutcomeKey } from './outcomes.ts';

/**
 * Everything that changes a lead's status, as data: which statuses each action may start
 * from and what it sets. The server applies these (src/server/lead-transitions) and no other
 * code writes a lead's status; the pages read them to offer only the actions that apply.
 */
export interface LeadTransition {
  /** What the action is called in the interface and the lead's history. */
  label: string;
  /** The statuses it may start from; empty for the action that creates leads. */
  from: readonly LeadStatus[];
  /**
   * The status it leaves: a fixed one, the call's outcome, the one the lead had before the call
   * being undone, the one it has (a call that changed one of its numbers only), or none (the
   * lead is deleted).
   */
  to: LeadStatus | 'outcome' | 'previous' | 'kept' | 'deleted';
  /**
   * The owner afterwards: the assessor the action names, the one it had, or nobody (the
   * lead leaves every list; its last owner is kept). A call's closing outcomes
   * (`closedStatuses`) take the lead out of its owner's list. An undone call gives back the
   * owner the lead had before it.
   */
  owner: 'assessor' | 'kept' | 'cleared' | 'clearedWhenClosed' | 'previous';
  /** When the lead was handed to its owner: the one it had before the call being undone. */
  assignedAt: 'now' | 'kept' | 'cleared' | 'previous';
  /**
   * The call-back time: the one the call gave (only "Retornar" gives one), the one the lead had
   * before the call being undone, the one it has, or none.
   */
  callbackAt: 'given' | 'previous' | 'kept' | 'cleared';
  /**
   * Whether `status_changed_at` moves on every application or only when the status really
   * changes (a second "Não atendeu" keeps the lead's place among the retries), or goes back to
   * what it was before the call being undone (so is the lead's place in the list).
   */
  statusChangedAt: 'always' | 'whenStatusChanges' | 'previous';
  /**
   * When the lead may be called next (`next_call_at`, `next_call_reason`): as the call was
   * planned (src/core/contact-rules), as it was before the call being undone, or kept only
   * when a cap set it (a cap belongs to the lead; a retry or a call-back to its owner), or left
   * as it is (a lead in the pool holds no retry or call-back: what took it there cleared them).
   */
  nextCall: 'planned' | 'previous' | 'capsKept' | 'kept';
  /** The counter it adds one to. */
  counts?: 'attempts' | 'recycles';
  /** The counter it takes one from: an undone call is no attempt. */
  uncounts?: 'attempts';
  /** Clears the lead's personal data (LGPD). */
  erasesPersonalData?: true;
  /**
   * Puts the lead's numbers (its main one and every other) on the block list: always, or when
   * the call's outcome asks for it (`outcomeBlocksPhone`).
   */
  blocksPhone?: 'always' | 'outcome';
  /** The event open pages hear once the change has committed. */
  event: AppEventType;
}

const allStatuses = leadStatuses;
const except = (...statuses: LeadStatus[]) =>
  allStatuses.filter((status) => !statuses.includes(status));

const leadTransitionTable = {
  import: {
    label: 'Importação',
    from: [],
    to: 'new',
    owner: 'cleared',
    assignedAt: 'cleared',
    callbackAt: 'cleared',
    statusChangedAt: 'always',
    nextCall: 'kept',
    event: 'leads.imported',
  },
  distribute: {
    label: 'Distribuição',
    from: distributableStatuses,
    to: 'assigned',
    owner: 'assessor',
    assignedAt: 'now',
    callbackAt: 'cleared',
    statusChangedAt: 'always',
    nextCall: 'kept',
    event: 'leads.distributed',
  },
  recordOutcome: {
    label: 'Ligação',
    from: workableStatuses,
    to: 'outcome',
    owner: 'clearedWhenClosed',
    assignedAt: 'kept',
    callbackAt: 'cleared',
    statusChangedAt: 'whenStatusChanges',
    nextCall: 'planned',
    blocksPhone: 'outcome',
    counts: 'attempts',
    event: 'lead.attempted',
  },
  scheduleCallback: {
    label: 'Ligação: Retornar',
    from: workableStatuses,
    to: callbackOutcomeKey,
    owner: 'kept',
    assignedAt: 'kept',
    callbackAt: 'given',
    statusChangedAt: 'whenStatusChanges',
    nextCall: 'planned',
    blocksPhone: 'outcome',
    counts: 'attempts',
    event: 'lead.attempted',
  },
  /**
   * An outcome that marks the number dialled (src/core/outcomes.ts: "Número inválido", "Não
   * conhece o titular") on one of a lead's several numbers while another may still be dialled
   * (src/core/lead-phones.ts): the number is marked, the lead stays as it is in its owner's
   * list, one call more. On its last callable number the call is a plain `recordOutcome`.
   */
  numberMarked: {
    label: 'Ligação: número marcado, o lead tem outro número',
    from: workableStatuses,
    to: 'kept',
    owner: 'kept',
    assignedAt: 'kept',
    callbackAt: 'kept',
    statusChangedAt: 'whenStatusChanges',
    nextCall: 'planned',
    blocksPhone: 'outcome',
    counts: 'attempts',
    event: 'lead.attempted',
  },
  /** The call that spends the last try its retry rule allows, as the rule says (contact-rules). */
  lastTryToPool: {
    label: 'Ligação: tentativas esgotadas, devolvido ao pool',
    from: workableStatuses,
    to: 'new',
    owner: 'cleared',
    assignedAt: 'cleared',
    callbackAt: 'cleared',
    statusChangedAt: 'always',
    nextCall: 'planned',
    blocksPhone: 'outcome',
    counts: 'attempts',
    event: 'lead.attempted',
  },
  lastTryToRecycling: {
    label: 'Ligação: tentativas esgotadas, reciclado',
    from: workableStatuses,
    to: 'recycled',
    owner: 'cleared',
    assignedAt: 'cleared',
    callbackAt: 'cleared',
    statusChangedAt: 'always',
    nextCall: 'planned',
    blocksPhone: 'outcome',
    counts: 'attempts',
    event: 'lead.attempted',
  },
  lastTryClosed: {
    label: 'Ligação: tentativas esgotadas, encerrado',
    from: workableStatuses,
    to: 'exhausted',
    owner: 'cleared',
    assignedAt: 'kept',
    callbackAt: 'cleared',
    statusChangedAt: 'always',
    nextCall: 'planned',
    blocksPhone: 'outcome',
    counts: 'attempts',
    event: 'lead.attempted',
  },
  undoOutcome: {
    label: 'Ligação desfeita',
    // A call that spent the last try left the lead in the pool, the recycling or closed; one
    // that marked a number only left it as it was.
    from: [...attemptOutcomes, 'assigned', 'new', 'recycled', 'exhausted'],
    to: 'previous',
    owner: 'previous',
    assignedAt: 'previous',
    callbackAt: 'previous',
    statusChangedAt: 'previous',
    nextCall: 'previous',
    uncounts: 'attempts',
    event: 'lead.attempted',
  },
  recycle: {
    label: 'Reciclagem',
    from: ['red'],
    to: 'recycled',
    owner: 'cleared',
    assignedAt: 'cleared',
    callbackAt: 'cleared',
    statusChangedAt: 'always',
    nextCall: 'capsKept',
    counts: 'recycles',
    event: 'leads.changed',
  },
  returnToPool: {
    label: 'Devolvido ao pool',
    from: except('new', ...closedStatuses),
    to: 'new',
    owner: 'cleared',
    assignedAt: 'cleared',
    callbackAt: 'cleared',
    statusChangedAt: 'always',
    nextCall: 'capsKept',
    event: 'leads.changed',
  },
  reassign: {
    label: 'Redistribuído',
    from: except(...closedStatuses),
    to: 'assigned',
    owner: 'assessor',
    assignedAt: 'now',
    callbackAt: 'cleared',
    statusChangedAt: 'always',
    nextCall: 'capsKept',
    event: 'leads.changed',
  },
  block: {
    label: 'Marcado como não ligar',
    from: except('do_not_call'),
    to: 'do_not_call',
    owner: 'cleared',
    assignedAt: 'kept',
    callbackAt: 'cleared',
    statusChangedAt: 'always',
    nextCall: 'capsKept',
    blocksPhone: 'always',
    event: 'leads.changed',
  },
  /**
   * A number on an external block list (src/core/block-lists.ts). A lead that already accepted
   * stays with the follow-up: the registers forbid offering, not serving a customer.
   */
  blockByList: {
    label: 'Bloqueado por lista externa',
    from: except('do_not_call', 'green'),
    to: 'do_not_call',
    owner: 'cleared',
    assignedAt: 'kept',
    callbackAt: 'cleared',
    statusChangedAt: 'always',
    nextCall: 'capsKept',
    event: 'leads.changed',
  },
  erase: {
    label: 'Dados apagados (LGPD)',
    from: allStatuses,
    to: 'do_not_call',
    owner: 'cleared',
    assignedAt: 'kept',
    callbackAt: 'cleared',
    statusChangedAt: 'always',
    nextCall: 'capsKept',
    erasesPersonalData: true,
    event: 'leads.changed',
  },
  /** The other lead of a merge (src/core/lead-merge.ts): its calls and numbers join the kept one. */
  mergeInto: {
    label: 'Mesclado com outro lead',
    from: allStatuses,
    to: 'deleted',
    owner: 'cleared',
    assignedAt: 'cleared',
    callbackAt: 'cleared',
    statusChangedAt: 'always',
    nextCall: 'kept',
    event: 'leads.changed',
  },
  undoImport: {
    label: 'Importação desfeita',
    from: ['new'],
    to: 'deleted',
    owner: 'cleared',
    assignedAt: 'cleared',
    callbackAt: 'cleared',
    statusChangedAt: 'always',
    nextCall: 'kept',
    event: 'leads.changed',
  },
} as const satisfies Record<string, LeadTransition>;

/** The table as written, so the types of what an action sends are read from it. */
export type LeadTransitionTable = typeof leadTransitionTable;
export type LeadAction = keyof LeadTransitionTable;
export const leadTransitions: Record<LeadAction, LeadTransition> = leadTransitionTable;
export const leadActions = Object.keys(leadTransitionTable) as LeadAction[];

/** Whether `action` may start from a lead in `status`. */
export function canApply(action: LeadAction, status: LeadStatus): boolean {
  return leadTransitions[action].from.includes(status);
}

/**
 * The status `action` leaves, or null when it deletes the lead: a call leaves its outcome
 * ("Retornar" included), an undone call the status the lead had before it, a call on one of
 * several numbers the `current` one.
 */
export function statusAfter(
  action: LeadAction,
  {
    outcome,
    previous,
    current,
  }: { outcome?: AttemptOutcome; previous?: LeadStatus; current?: LeadStatus } = {},
): LeadStatus | null {
  const { to } = leadTransitions[action];
  if (to === 'deleted') return null;
  if (to === 'kept') {
    if (!current) throw new Error(`${action} needs the lead's status`);
    return current;
  }
  if (to === 'outcome') {
    if (!outcome) throw new Error(`${action} needs the call's outcome`);
    return outcome;
  }
  if (to === 'previous') {
    if (!previous) throw new Error(`${action} needs the status before the call`);
    return previous;
  }
  return to;
}

/** Whether a call with this outcome takes the lead out of its owner's list. */
export function outcomeClosesLead(outcome: AttemptOutcome): boolean {
  return (closedStatuses as readonly LeadStatus[]).includes(outcome);
}
