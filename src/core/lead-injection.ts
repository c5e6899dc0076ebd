import { z } from 'zod';
import { requiredText } from './required-text.ts';

/** Leads one batch request may bring. */
export const maxInjectedLeads = 1000;

const text = (max: number) =>
  z.string({ error: 'Informe um texto.' }).max(max, { error: `No máximo ${max} caracteres.` });

/**
 * A lead another system sends. Its fields are checked and normalised exactly as a row of an
 * imported file (src/server/imports/import-row.ts): a lead refused there is refused here with
 * the same words, so the schema only bounds sizes and types.
 */
export const injectedLeadSchema = z.strictObject({
  /** The caller's id for the lead: sending it again finds the lead already made. */
  externalId: requiredText({
    empty: 'Não pode ser vazio.',
    notText: 'Informe um texto.',
    max: 100,
  }).optional(),
  name: text(500),
  phone: text(100),
  /** A WhatsApp number, when it is the phone itself or another one. */
  whatsapp: text(100).optional(),
  otherPhones: z
    .array(text(100), { error: 'Informe uma lista de telefones.' })
    .max(10, { error: 'No máximo 10 telefones.' })
    .optional(),
  email: text(500).optional(),
  cpf: text(100).optional(),
  city: text(500).optional(),
  uf: text(100).optional(),
  notes: text(500).optional(),
  /** Free fields kept with the lead, as a file's unmapped columns are. */
  extra: z
    .record(text(100), text(500), { error: 'Informe pares de nome e texto.' })
    .refine((extra) => Object.keys(extra).length <= 50, { error: 'No máximo 50 campos.' })
    .optional(),
});
export type InjectedLead = z.input<typeof injectedLeadSchema>;

export const injectLeadsBodySchema = z.strictObject({
  leads: z
    .array(injectedLeadSchema, { error: 'Envie os leads em "leads".' })
    .min(1, { error: 'Envie ao menos um lead.' })
    .max(maxInjectedLeads, { error: `Envie no máximo ${maxInjectedLeads} leads por vez.` }),
});

/**
 * What became of a lead sent: `created`; `existing`, its external id was sent before;
 * `duplicate`, one of its numbers is another lead's (or an earlier one's of the same batch);
 * `blocked`, its number is on a block list; `rejected`, refused with the reason.
 */
export const injectionResults = [
  'created',
  'existing',
  'duplicate',
  'blocked',
  'rejected',
] as const;
export type InjectionResultKind = (typeof injectionResults)[number];

export const injectionResultSchema = z.object({
  /** Its position in the batch (0 for a lead sent alone). */
  index: z.number().int(),
  externalId: z.string().nullable(),
  result: z.enum(injectionResults),
  /** The lead made, found by its external id, or that already has its number. */
  leadId: z.number().int().nullable(),
  /** Why it was refused, or what was changed to accept it. */
  message: z.string().nullable(),
});
export type InjectionResult = z.infer<typeof injectionResultSchema>;

export const injectionCountsSchema = z.object(
  Object.fromEntries(injectionResults.map((kind) => [kind, z.number().int()])) as Record<
    InjectionResultKind,
    z.ZodNumber
  >,
);

export const injectLeadsResultSchema = z.object({
  results: z.array(injectionResultSchema),
  counts: injectionCountsSchema,
});
export type InjectLeadsResult = z.infer<typeof injectLeadsResultSchema>;

/** The header that makes a retried request answer as the first one did. */
export const idempotencyKeyHeaderSchema = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(1, { error: 'Idempotency-Key vazia.' })
    .max(200, { error: 'Idempotency-Key: no máximo 200 caracteres.' })
    .optional(),
});
