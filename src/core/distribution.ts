import { z } from 'zod';
import { requiredText } from './required-text.ts';
import { dailyQuotaSchema } from './users.ts';

/** Which leads a distribution may take. */
export const poolKindSchema = z.enum(['mixed', 'new', 'recycled']);
export type PoolKind = z.infer<typeof poolKindSchema>;
export const poolKindLabels: Record<PoolKind, string> = {
  mixed: 'Novos e reciclados',
  new: 'Só novos',
  recycled: 'Só reciclados',
};

export const poolFilterSchema = z.strictObject({
  kind: poolKindSchema.default('mixed'),
  batchId: z.number().int().positive().optional(),
  source: requiredText({ empty: 'Informe a origem dos leads.', max: 200 }).optional(),
  /**
   * Hand out first the leads whose state's calling hours still allow a call today (by their
   * phone's area code), then the others, each part oldest first.
   */
  preferCallableToday: z.boolean().default(false),
});
export type PoolFilter = z.input<typeof poolFilterSchema>;

/**
 * `{ "perAssessor": { "<userId>": n } }` or `{ "each": n }` (PRODUCT.md §7), plus the pool
 * restriction. With `each`, every active assessor asks for n.
 */
export const distributionRequestSchema = z
  .strictObject({
    each: dailyQuotaSchema.optional(),
    perAssessor: z.record(z.string().min(1).max(64), dailyQuotaSchema).optional(),
    pool: poolFilterSchema.optional(),
  })
  .refine((body) => (body.each === undefined) !== (body.perAssessor === undefined), {
    error: 'Informe a quantidade para todos (each) ou por assessor (perAssessor), não ambos.',
  });
export type DistributionRequest = z.input<typeof distributionRequestSchema>;

export const distributionShareSchema = z.object({
  assessorId: z.string(),
  assessorName: z.string(),
  requested: z.number().int(),
  assigned: z.number().int(),
  recycled: z.number().int(),
});

/** What a distribution did: what each got, and how far the pool fell short. */
export const distributionResultSchema = z.object({
  id: z.number().int(),
  createdAt: z.iso.datetime(),
  createdByName: z.string(),
  requested: z.number().int(),
  assigned: z.number().int(),
  shortfall: z.number().int(),
  shares: z.array(distributionShareSchema),
});
export type DistributionResult = z.infer<typeof distributionResultSchema>;

/** The daily-distribution page: each active assessor and the pool left. */
export const distributionOverviewSchema = z.object({
  pool: z.object({ new: z.number().int(), recycled: z.number().int() }),
  assessors: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      dailyQuota: z.number().int(),
      /** Leads in their list still to work: assigned, yellow, no_answer. */
      pending: z.number().int(),
      /** Of those, the ones received before today. */
      pendingEarlier: z.number().int(),
      /** Leads today's distributions gave them. */
      receivedToday: z.number().int(),
      /** Leads they recorded an outcome on today, whenever received. */
      workedToday: z.number().int(),
    }),
  ),
  batches: z.array(
    z.object({
      id: z.number().int(),
      fileName: z.string(),
      source: z.string(),
      available: z.number().int(),
    }),
  ),
  sources: z.array(z.object({ source: z.string(), available: z.number().int() })),
  recent: z.array(distributionResultSchema),
});
export type DistributionOverview = z.infer<typeof distributionOverviewSchema>;
