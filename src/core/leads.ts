import { z } from 'zod';
import { areaCodes } from './brazil-calendar.ts';
import { noAnswerKindSchema } from './contact-rules.ts';
import { legalBasisSchema } from './imports.ts';
import {
  leadCitySchema,
  leadCpfSchema,
  leadEmailSchema,
  leadNameSchema,
  leadNotesSchema,
  leadPhoneSchema,
  ufSchema,
} from './lead-fields.ts';
import { leadNumberSchema } from './lead-phones.ts';
import { attemptOutcomes, leadStatusSchema } from './lead-status.ts';

export const leadIdSchema = z.coerce
  .number({ error: 'Lead inválido.' })
  .int({ error: 'Lead inválido.' })
  .positive({ error: 'Lead inválido.' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'Lead inválido.' });
export const leadIdParamsSchema = z.object({ id: leadIdSchema });

export const channelSchema = z.enum(['phone', 'whatsapp']);
export type Channel = z.infer<typeof channelSchema>;
export const channelLabels: Record<Channel, string> = { phone: 'Telefone', whatsapp: 'WhatsApp' };

/** A lead as listed: enough for a row of /leads/list. Erased leads have null personal data. */
export const leadSummarySchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  cpf: z.string().nullable(),
  city: z.string().nullable(),
  uf: z.string().nullable(),
  status: leadStatusSchema,
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  batchId: z.number().int().nullable(),
  source: z.string().nullable(),
  /** The id the system that sent it by API gave it (with `source`, its token's name). */
  externalId: z.string().nullable(),
  attempts: z.number().int(),
  recycles: z.number().int(),
  assignedAt: z.iso.datetime().nullable(),
  callbackAt: z.iso.datetime().nullable(),
  /** The lead's last call, and its outcome; null for a lead never called. */
  lastCallAt: z.iso.datetime().nullable(),
  lastCallOutcome: z.enum(attemptOutcomes).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  erased: z.boolean(),
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;

export const leadHistoryEntrySchema = z.object({
  id: z.number().int(),
  changedAt: z.iso.datetime(),
  changedById: z.string().nullable(),
  changedByName: z.string().nullable(),
  fromStatus: leadStatusSchema.nullable(),
  toStatus: leadStatusSchema,
  fromOwnerName: z.string().nullable(),
  toOwnerName: z.string().nullable(),
  reason: z.string(),
});

/** A call as it was made: the name and phone it dialled, not the lead's current ones. */
export const leadCallSchema = z.object({
  id: z.number().int(),
  createdAt: z.iso.datetime(),
  assessorId: z.string(),
  assessorName: z.string(),
  leadName: z.string().nullable(),
  leadPhone: z.string().nullable(),
  outcome: z.enum(attemptOutcomes),
  channel: channelSchema,
  note: z.string().nullable(),
  callbackAt: z.iso.datetime().nullable(),
  /** Why the call was made outside the lead's calling window; null for any other call. */
  outsideWindowReason: z.string().nullable(),
  /** "Ocupado" or "Caixa postal", for a "Não atendeu" that said which. */
  noAnswerKind: noAnswerKindSchema.nullable(),
});

export const leadDetailSchema = leadSummarySchema.extend({
  phoneRaw: z.string().nullable(),
  notes: z.string().nullable(),
  extra: z.record(z.string(), z.string()),
  registrationConfirmedAt: z.iso.datetime().nullable(),
  /** Why the company holds the lead: its import's LGPD legal basis (null: none recorded). */
  legalBasis: legalBasisSchema.nullable(),
  /** Every number of a lead that has several, its main one first; empty for one number. */
  phones: z.array(leadNumberSchema),
  history: z.array(leadHistoryEntrySchema),
  calls: z.array(leadCallSchema),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

/** Corrections an admin may make to a lead; status and owner change only through actions. */
export const updateLeadBodySchema = z
  .strictObject({
    name: leadNameSchema.optional(),
    phone: leadPhoneSchema.optional(),
    email: leadEmailSchema,
    cpf: leadCpfSchema,
    city: leadCitySchema,
    uf: ufSchema.nullable().optional(),
    notes: leadNotesSchema,
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'Nada a alterar.' });
export type UpdateLeadBody = z.input<typeof updateLeadBodySchema>;

const isoDate = z.iso.date({ error: 'Data inválida (use AAAA-MM-DD).' });

/** Where a lead came from: a file imported (it has a batch) or an API token (it has none). */
export const leadOrigins = ['import', 'api'] as const;
export type LeadOrigin = (typeof leadOrigins)[number];
export const leadOriginLabels: Record<LeadOrigin, string> = {
  import: 'Importação',
  api: 'Token de API',
};

const knownAreaCodes = new Set(areaCodes().map(([ddd]) => ddd));

/** The area code of the lead's main number: two digits that some state uses. */
export const areaCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{2}$/, { error: 'DDD inválido: use os dois dígitos do código de área.' })
  .refine((ddd) => knownAreaCodes.has(ddd), {
    error: (issue) => `DDD inexistente: nenhum estado usa o código ${String(issue.input)}.`,
  });

/** Filters of /leads/list, shared by the page, the list, the export and the bulk actions. */
export const leadFilterSchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z
    .union([leadStatusSchema, z.array(leadStatusSchema)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional(),
  assessor: z.string().max(64).optional(),
  batch: z.coerce.number().int().positive().optional(),
  origin: z
    .enum(leadOrigins, { error: 'Origem inválida: use importação ou token de API.' })
    .optional(),
  uf: ufSchema.optional(),
  ddd: areaCodeSchema.optional(),
  createdFrom: isoDate.optional(),
  createdTo: isoDate.optional(),
  /**
   * Only call-backs overdue by more than the contact rules allow: a "Retornar" its owner
   * has not made (absent, say), for an administrator to hand on.
   */
  overdueCallbacks: z.union([z.boolean(), z.stringbool()]).optional(),
});
export type LeadFilter = z.output<typeof leadFilterSchema>;

/**
 * The orders of the lead list, each read by keyset pages: by id either way, or by the name
 * folded as search folds it (accents and case aside), leads without a name (erased) last.
 */
export const leadSorts = ['newest', 'oldest', 'name'] as const;
export type LeadSort = (typeof leadSorts)[number];
export const leadSortLabels: Record<LeadSort, string> = {
  newest: 'Mais recentes primeiro',
  oldest: 'Mais antigos primeiro',
  name: 'Nome (A–Z)',
};

export const leadListQuerySchema = leadFilterSchema.extend({
  sort: z.enum(leadSorts).default('newest'),
  cursor: z.string().max(600).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type LeadListQuery = z.input<typeof leadListQuerySchema>;

/**
 * How many leads a filter holds: counted up to `exactCountLimit`, estimated by the database
 * above it (`exact: false`), so counting a million leads never stalls the page.
 */
export const leadCountSchema = z.object({ count: z.number().int(), exact: z.boolean() });
export type LeadCount = z.infer<typeof leadCountSchema>;
export const exactCountLimit = 100_000;

export const leadPageSchema = z.object({
  leads: z.array(leadSummarySchema),
  nextCursor: z.string().nullable(),
});
export type LeadPage = z.infer<typeof leadPageSchema>;

export const bulkActionSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('returnToPool') }),
  z.strictObject({ action: z.literal('reassign'), assessorId: z.string().min(1).max(64) }),
  z.strictObject({ action: z.literal('doNotCall') }),
  z.strictObject({ action: z.literal('erase') }),
]);

/**
 * A bulk action on chosen leads (`ids`) or on every lead of a filter (`filter`). Strict, like
 * every body: a field it does not read (an owner, a status) is refused, not dropped.
 */
export const bulkLeadsBodySchema = z.strictObject({
  target: z.union([
    z.strictObject({ ids: z.array(leadIdSchema).min(1).max(10_000) }),
    z.strictObject({ filter: leadFilterSchema }),
  ]),
  operation: bulkActionSchema,
});
export type BulkLeadsBody = z.input<typeof bulkLeadsBodySchema>;

export const bulkLeadsResultSchema = z.object({
  affected: z.number().int(),
  skipped: z.number().int(),
});

/** The export of /leads/list: the same filters and the file format. */
export const leadExportQuerySchema = leadFilterSchema.extend({
  format: z.enum(['csv', 'xlsx']).default('csv'),
});
export type LeadExportQuery = z.input<typeof leadExportQuerySchema>;

/** The `new` leads of /leads/virgnleads, counted per import batch and per source. */
export const newLeadsSummarySchema = z.object({
  total: z.number().int(),
  byBatch: z.array(
    z.object({
      batchId: z.number().int(),
      fileName: z.string(),
      source: z.string(),
      createdAt: z.iso.datetime(),
      count: z.number().int(),
      /** Every lead of the batch is still `new`: only then may the batch be undone. */
      allNew: z.boolean(),
    }),
  ),
  bySource: z.array(z.object({ source: z.string().nullable(), count: z.number().int() })),
});
export type NewLeadsSummary = z.infer<typeof newLeadsSummarySchema>;

/**
 * Everything held about one lead (LGPD access request, `GET /api/leads/{id}/personal-data`).
 * An erased lead answers what is left: counts and history, no personal data.
 */
export const leadPersonalDataSchema = z.object({
  exportedAt: z.iso.datetime(),
  lead: leadDetailSchema.omit({ history: true, calls: true }).extend({
    erasedAt: z.iso.datetime().nullable(),
  }),
  batch: z
    .object({
      id: z.number().int(),
      fileName: z.string(),
      source: z.string(),
      legalBasis: legalBasisSchema.nullable(),
      createdAt: z.iso.datetime(),
    })
    .nullable(),
  history: z.array(leadHistoryEntrySchema),
  calls: z.array(leadCallSchema),
  /** Whether the lead's phone is on the block list; null when no phone is left to look up. */
  blockList: z.object({
    blocked: z.boolean().nullable(),
    reason: z.string().nullable(),
    blockedAt: z.iso.datetime().nullable(),
  }),
});
export type LeadPersonalData = z.infer<typeof leadPersonalDataSchema>;

/** The file name of a lead's personal-data export. */
export const personalDataFileName = (id: number) => `lead-${id}-dados-pessoais.json`;
