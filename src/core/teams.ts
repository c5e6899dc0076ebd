import { z } from 'zod';
import { requiredText } from './required-text.ts';

/** A team of assessors on the floor, led by one or more supervisors. */
export const teamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The assessors in it (an assessor is in one team at most). */
  assessorIds: z.array(z.string()),
  /** The supervisors over it (a supervisor may lead several teams). */
  supervisorIds: z.array(z.string()),
});
export type Team = z.infer<typeof teamSchema>;

export const teamNameSchema = requiredText({ empty: 'Informe o nome da equipe.', max: 80 });

export const teamInputSchema = z
  .object({
    name: teamNameSchema,
    assessorIds: z.array(z.string().min(1)).max(5_000).default([]),
    supervisorIds: z.array(z.string().min(1)).max(100).default([]),
  })
  .strict();
export type TeamInput = z.infer<typeof teamInputSchema>;
