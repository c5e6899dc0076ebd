import { z } from 'zod';

/** The life of a lead (PRODUCT.md §2). Identifiers are stored; labels and colours are shown. */
export const leadStatuses = [
  'new',
  'assigned',
  'green',
  'yellow',
  'red',
  'no_answer',
  'invalid',
  'do_not_call',
  'recycled',
  'exhausted',
] as const;
export const leadStatusSchema = z.enum(leadStatuses);
export type LeadStatus = z.infer<typeof leadStatusSchema>;

export const leadStatusLabels: Record<LeadStatus, string> = {
  new: 'Novo',
  assigned: 'Distribuído',
  green: 'Aceitou',
  yellow: 'Retornar',
  red: 'Não aceitou',
  no_answer: 'Não atendeu',
  invalid: 'Número inválido',
  do_not_call: 'Não ligar',
  recycled: 'Reciclado',
  exhausted: 'Tentativas esgotadas',
};

/** Mantine colour names. */
export const leadStatusColors: Record<LeadStatus, string> = {
  new: 'gray',
  assigned: 'blue',
  green: 'green',
  yellow: 'yellow',
  red: 'red',
  no_answer: 'orange',
  invalid: 'dark',
  do_not_call: 'dark',
  recycled: 'violet',
  exhausted: 'indigo',
};

/** The outcomes an assessor records on a call; the lead takes the outcome as its status. */
export const attemptOutcomes = [
  'green',
  'yellow',
  'red',
  'no_answer',
  'invalid',
  'do_not_call',
] as const;
export type AttemptOutcome = (typeof attemptOutcomes)[number];

/** Statuses a distribution takes leads from. */
export const distributableStatuses = ['new', 'recycled'] as const satisfies readonly LeadStatus[];

/** Statuses that hold an owner: the lead is in an assessor's list. */
export const ownedStatuses = [
  'assigned',
  'green',
  'yellow',
  'red',
  'no_answer',
] as const satisfies readonly LeadStatus[];

/**
 * Outcomes of a call someone picked up: a conversation, whatever it decided. "Não atendeu" and
 * "Número inválido" are calls nobody answered.
 */
export const answeredOutcomes = [
  'green',
  'yellow',
  'red',
  'do_not_call',
] as const satisfies readonly AttemptOutcome[];

/** Statuses out of circulation: never distributed or recycled again. */
export const closedStatuses = ['invalid', 'do_not_call'] as const satisfies readonly LeadStatus[];

/** Statuses an owner may still call: the lead is in their list waiting for an outcome. */
export const workableStatuses = [
  'assigned',
  'yellow',
  'no_answer',
] as const satisfies readonly LeadStatus[];
