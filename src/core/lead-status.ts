import { z } from 'zod';
import {
  answeredOutcomeKeys,
  callAgainOutcomeKeys,
  closingOutcomeKeys,
  type OutcomeKey,
  outcomeKeys,
  outcomeRegistry,
  ownerOutcomeKeys,
} from './outcomes.ts';

/**
 * The life of a lead (PRODUCT.md §2). Identifiers are stored; labels and colours are shown.
 * A call's outcome becomes the lead's status, so the outcomes of src/core/outcomes.ts are
 * statuses too, with their labels and colours.
 */
export const leadStatuses = ['new', 'assigned', ...outcomeKeys, 'recycled', 'exhausted'] as const;
export const leadStatusSchema = z.enum(leadStatuses);
export type LeadStatus = z.infer<typeof leadStatusSchema>;

type OutcomeTable = Record<OutcomeKey, string>;
const outcomeTable = (value: (outcome: (typeof outcomeRegistry)[number]) => string) =>
  Object.fromEntries(
    outcomeRegistry.map((outcome) => [outcome.key, value(outcome)]),
  ) as OutcomeTable;

export const leadStatusLabels: Record<LeadStatus, string> = {
  new: 'Novo',
  assigned: 'Distribuído',
  ...outcomeTable((outcome) => outcome.label),
  recycled: 'Reciclado',
  exhausted: 'Tentativas esgotadas',
};

/** Mantine colour names. */
export const leadStatusColors: Record<LeadStatus, string> = {
  new: 'gray',
  assigned: 'blue',
  ...outcomeTable((outcome) => outcome.color),
  recycled: 'violet',
  exhausted: 'indigo',
};

/** The outcomes an assessor records on a call; the lead takes the outcome as its status. */
export const attemptOutcomes = outcomeKeys;
export type AttemptOutcome = OutcomeKey;

/** Statuses a distribution takes leads from. */
export const distributableStatuses = ['new', 'recycled'] as const satisfies readonly LeadStatus[];

/** Statuses that hold an owner: the lead is in an assessor's list. */
export const ownedStatuses = [
  'assigned',
  ...ownerOutcomeKeys,
] as const satisfies readonly LeadStatus[];

/**
 * Outcomes of a call someone picked up: a conversation, whatever it decided. "Não atendeu" and
 * "Número inválido" are calls nobody answered.
 */
export const answeredOutcomes = answeredOutcomeKeys satisfies readonly AttemptOutcome[];

/** Statuses out of circulation: never distributed or recycled again. */
export const closedStatuses = closingOutcomeKeys satisfies readonly LeadStatus[];

/** Statuses an owner may still call: the lead is in their list waiting for an outcome. */
export const workableStatuses = [
  'assigned',
  ...callAgainOutcomeKeys,
] as const satisfies readonly LeadStatus[];
