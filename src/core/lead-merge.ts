import { z } from 'zod';
import { leadNumberSchema } from './lead-phones.ts';
import { leadStatusSchema } from './lead-status.ts';

/**
 * Merging two leads of one person (issue #21 §4): leads that share a CPF or a number
 * (deduplication refuses a number already stored, but two imports at once may each take one)
 * are offered on the lead page; the admin sees what the merged lead will hold, and confirms.
 * The lead on the page stays; the other's numbers, empty fields' values, calls and history join
 * it, and the other is gone. The audit keeps who did it. The merged lead keeps the most
 * restrictive state of the two: a number blocked on either stays blocked, and a lead closed by
 * "Não ligar" closes the merged one.
 */

/** A lead as the merge lists it: enough to tell two of one person apart. */
export const mergeCandidateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  status: leadStatusSchema,
  ownerName: z.string().nullable(),
  source: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type MergeCandidate = z.infer<typeof mergeCandidateSchema>;

export const mergeCandidatesSchema = z.object({ candidates: z.array(mergeCandidateSchema) });
export type MergeCandidates = z.infer<typeof mergeCandidatesSchema>;

/** `GET /api/leads/{id}/merge-preview?other=` and the body of `POST /api/leads/{id}/merge`. */
export const mergeOtherSchema = z.strictObject({
  other: z.coerce
    .number({ error: 'Informe o lead a mesclar.' })
    .int({ error: 'Informe o lead a mesclar.' })
    .positive({ error: 'Informe o lead a mesclar.' }),
});
export type MergeOther = z.input<typeof mergeOtherSchema>;

/** What the merged lead will hold. */
export const mergePreviewSchema = z.object({
  kept: mergeCandidateSchema,
  removed: mergeCandidateSchema,
  lead: z.object({
    name: z.string(),
    email: z.string().nullable(),
    cpf: z.string().nullable(),
    city: z.string().nullable(),
    uf: z.string().nullable(),
    notes: z.string().nullable(),
  }),
  /**
   * The merged lead's status: the kept one's, or "Não ligar" when either lead was closed by it
   * or its main number is blocked on either (the most restrictive of the two is kept).
   */
  status: leadStatusSchema,
  /** What the merge will block that the kept lead does not block today, in pt-BR. */
  notices: z.array(z.string()),
  /** Every number, the kept lead's first, each in the stricter of its states on the two leads. */
  phones: z.array(leadNumberSchema),
  /** The calls and history rows the removed lead brings. */
  callsMoved: z.number().int(),
  attempts: z.number().int(),
});
export type MergePreview = z.infer<typeof mergePreviewSchema>;
