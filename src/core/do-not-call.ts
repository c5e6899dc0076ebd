import { z } from 'zod';

/** The reason kept for a phone blocked by hand when the admin gives none. */
export const defaultBlockReason = 'Incluído na lista de bloqueio';

/** A phone of the block list: never called, never imported again. */
export const blockedPhoneSchema = z.object({
  /** E.164, e.g. `+5511987654321`. */
  phone: z.string(),
  reason: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type BlockedPhone = z.infer<typeof blockedPhoneSchema>;

/** `q` is a phone in any spelling, or a piece of one. */
export const blockedPhoneListQuerySchema = z.object({
  q: z.string().trim().max(40, { error: 'Busca longa demais.' }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type BlockedPhoneListQuery = z.input<typeof blockedPhoneListQuerySchema>;

export const blockedPhonePageSchema = z.object({
  phones: z.array(blockedPhoneSchema),
  nextCursor: z.string().nullable(),
});
export type BlockedPhonePage = z.infer<typeof blockedPhonePageSchema>;

/** The phone is checked and normalised by the server (src/core/phone.ts), which names the problem. */
export const addBlockedPhoneBodySchema = z.strictObject({
  phone: z
    .string({ error: 'Informe o telefone.' })
    .trim()
    .min(1, { error: 'Informe o telefone.' })
    .max(40, { error: 'Telefone longo demais.' }),
  reason: z
    .string()
    .trim()
    .max(200, { error: 'No máximo 200 caracteres.' })
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
});
export type AddBlockedPhoneBody = z.input<typeof addBlockedPhoneBodySchema>;

export const addBlockedPhoneResultSchema = z.object({
  blocked: blockedPhoneSchema,
  /** Leads with this phone taken out of circulation (status "Não ligar", owner cleared). */
  leadsTakenOut: z.number().int(),
});
export type AddBlockedPhoneResult = z.infer<typeof addBlockedPhoneResultSchema>;

export const blockedPhoneParamsSchema = z.object({
  phone: z.string().trim().min(1, { error: 'Informe o telefone.' }).max(40),
});
