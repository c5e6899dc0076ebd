import { z } from 'zod';
import { leadPhoneSchema } from './lead-fields.ts';
import type { LeadStatus } from './lead-status.ts';
import {
  type MarkedPhoneState,
  markedPhoneStates,
  outcomeBlocksNumbers,
  outcomeRegistry,
  phoneStateMarkedBy,
} from './outcomes.ts';
import { requiredText } from './required-text.ts';

/**
 * A lead's numbers when it has several (issue #21 §4): each keeps its own state, so a dead
 * number or one on a block list leaves the lead callable on the others. A lead with a single
 * number has none of these: its number's state is the lead's status.
 */
export const phoneStates = [
  'valid',
  ...(markedPhoneStates.map((marked) => marked.state) as MarkedPhoneState[]),
  'do_not_call',
] as const;
export const phoneStateSchema = z.enum(phoneStates, { error: 'Estado de número inválido.' });
export type PhoneState = z.infer<typeof phoneStateSchema>;
export const phoneStateLabels: Record<PhoneState, string> = {
  valid: 'Válido',
  ...(Object.fromEntries(markedPhoneStates.map((marked) => [marked.state, marked.label])) as Record<
    MarkedPhoneState,
    string
  >),
  do_not_call: 'Não ligar',
};

export const leadNumberSchema = z.object({
  /** E.164, as every stored phone. */
  phone: z.string(),
  /** The file's column it came from ("Celular", "Telefone 2"). */
  label: z.string(),
  whatsapp: z.boolean(),
  state: phoneStateSchema,
});
export type LeadPhone = z.infer<typeof leadNumberSchema>;

/** The state of a lead's only number: the lead's own when a call closed it for the number. */
export function stateOfOnlyNumber(status: LeadStatus): PhoneState {
  const outcome = outcomeRegistry.find((candidate) => candidate.key === status);
  if (!outcome) return 'valid';
  if (outcomeBlocksNumbers(outcome.key)) return 'do_not_call';
  return phoneStateMarkedBy(outcome.key) ?? 'valid';
}

/**
 * The more restrictive of two states of one number: a number found dead or blocked on either
 * of two leads of one person stays so when they are merged (`phoneStates` is in that order:
 * valid, the states outcomes mark, blocked).
 */
export function stricterPhoneState(one: PhoneState, other: PhoneState): PhoneState {
  return phoneStates.indexOf(one) >= phoneStates.indexOf(other) ? one : other;
}

/** The numbers an assessor may still dial. */
export function callablePhones(phones: readonly LeadPhone[]): LeadPhone[] {
  return phones.filter((phone) => phone.state === 'valid');
}

/** The number a call on this lead dials unless the assessor picks another: the first callable. */
export function firstCallablePhone(lead: { phone: string; phones: readonly LeadPhone[] }): string {
  return callablePhones(lead.phones)[0]?.phone ?? lead.phone;
}

/** `POST /api/leads/{id}/phones`: a number the person gave, added to the lead. */
export const addLeadPhoneBodySchema = z.strictObject({
  phone: leadPhoneSchema,
  label: requiredText({ empty: 'Diga que número é este (ex.: Celular, Trabalho).', max: 60 }),
  whatsapp: z.boolean().default(false),
});
export type AddLeadPhoneBody = z.input<typeof addLeadPhoneBodySchema>;

/** `PATCH /api/leads/{id}/phones/{phone}`: an admin corrects a number's state. */
export const leadPhoneStateBodySchema = z.strictObject({ state: phoneStateSchema });
export const leadPhoneParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  /** E.164, as the lead's numbers list it (`+` written `%2B` in the address). */
  phone: z.string().max(20),
});
