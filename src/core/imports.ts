import { z } from 'zod';

/**
 * The lead fields a column of an imported file can be mapped to. `phone` and `whatsapp` may
 * each come from several columns: a lead keeps every number (src/core/lead-phones.ts), the
 * first valid one in the file's column order being its main number.
 */
export const leadFields = [
  'name',
  'phone',
  'whatsapp',
  'email',
  'cpf',
  'city',
  'uf',
  'notes',
] as const;
export const leadFieldSchema = z.enum(leadFields);
export type LeadField = z.infer<typeof leadFieldSchema>;

export const leadFieldLabels: Record<LeadField, string> = {
  name: 'Nome',
  phone: 'Telefone',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  cpf: 'CPF',
  city: 'Cidade',
  uf: 'UF',
  notes: 'Observações',
};

/** The fields whose numbers a lead keeps from as many columns as the file has. */
export const phoneFields: readonly LeadField[] = ['phone', 'whatsapp'];

/**
 * Column name in the file → lead field. Columns left out are kept with the lead as free
 * columns. A phone (or WhatsApp) column and the name must be mapped.
 */
export const columnMappingSchema = z
  .record(z.string().max(200), leadFieldSchema)
  .refine((mapping) => Object.values(mapping).some((field) => phoneFields.includes(field)), {
    error: 'Indique a coluna do telefone.',
  })
  .refine((mapping) => Object.values(mapping).includes('name'), {
    error: 'Indique a coluna do nome.',
  })
  .refine(
    (mapping) => {
      const single = Object.values(mapping).filter((field) => !phoneFields.includes(field));
      return new Set(single).size === single.length;
    },
    { error: 'Cada campo só pode vir de uma coluna (só telefones podem vir de várias).' },
  );
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

/**
 * Why the company may hold the leads of a list: the legal bases of LGPD art. 7 a call centre's
 * lists rest on. Every import records one, with where the list came from (its source).
 */
export const legalBases = [
  'consent',
  'legitimate_interest',
  'contract',
  'legal_obligation',
  'credit_protection',
] as const;
export type LegalBasis = (typeof legalBases)[number];
export const legalBasisSchema = z.enum(legalBases, {
  error: 'Informe a base legal (LGPD) da lista.',
});
export const legalBasisLabels: Record<LegalBasis, string> = {
  consent: 'Consentimento (LGPD art. 7º, I)',
  legitimate_interest: 'Legítimo interesse (LGPD art. 7º, IX)',
  contract: 'Execução de contrato (LGPD art. 7º, V)',
  legal_obligation: 'Cumprimento de obrigação legal (LGPD art. 7º, II)',
  credit_protection: 'Proteção do crédito (LGPD art. 7º, X)',
};

export const importStatuses = ['queued', 'running', 'done', 'failed', 'undone'] as const;
export const importStatusSchema = z.enum(importStatuses);
export type ImportStatus = z.infer<typeof importStatusSchema>;
export const importStatusLabels: Record<ImportStatus, string> = {
  queued: 'Na fila',
  running: 'Importando',
  done: 'Concluída',
  failed: 'Falhou',
  undone: 'Desfeita',
};

export const importBatchSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  format: z.enum(['csv', 'xlsx']),
  source: z.string(),
  /** Null for the imports made before the legal basis was asked for. */
  legalBasis: legalBasisSchema.nullable(),
  status: importStatusSchema,
  totalRows: z.number().int().nullable(),
  processedRows: z.number().int(),
  rowsPerSecond: z.number().nullable(),
  secondsLeft: z.number().nullable(),
  inserted: z.number().int(),
  updated: z.number().int(),
  duplicates: z.number().int(),
  blocked: z.number().int(),
  rejected: z.number().int(),
  /** Rows accepted with invisible characters taken out of their texts; also counted above. */
  warnings: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  createdByName: z.string(),
});
export type ImportBatch = z.infer<typeof importBatchSchema>;

export const importBatchListSchema = z.object({ batches: z.array(importBatchSchema) });

/** The answer to a preview: the columns found, the guessed mapping and the first rows. */
export const importPreviewSchema = z.object({
  format: z.enum(['csv', 'xlsx']),
  encoding: z.string().nullable(),
  delimiter: z.string().nullable(),
  columns: z.array(z.string()),
  mapping: z.record(z.string(), leadFieldSchema),
  rows: z.array(z.array(z.string())),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
