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

const memberIdsSchema = (max: number, tooMany: string) =>
  z
    .array(z.string().min(1, 'Pessoa inválida.').max(64, 'Pessoa inválida.'))
    .max(max, tooMany)
    .transform((ids) => [...new Set(ids)]);

const assessorIdsSchema = memberIdsSchema(5_000, 'No máximo 5.000 assessores por equipe.');
const supervisorIdsSchema = memberIdsSchema(100, 'No máximo 100 supervisores por equipe.');

export const teamInputSchema = z
  .object({
    name: teamNameSchema,
    assessorIds: assessorIdsSchema.default([]),
    supervisorIds: supervisorIdsSchema.default([]),
  })
  .strict();
export type TeamInput = z.infer<typeof teamInputSchema>;
export type TeamInputBody = z.input<typeof teamInputSchema>;

/** A change to a team: only the fields sent change (the lists are replaced whole). */
export const teamChangeSchema = z
  .object({
    name: teamNameSchema.optional(),
    assessorIds: assessorIdsSchema.optional(),
    supervisorIds: supervisorIdsSchema.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'Nada a alterar.' });
export type TeamChange = z.output<typeof teamChangeSchema>;
export type TeamChangeBody = z.input<typeof teamChangeSchema>;

export const teamIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Equipe inválida.' })
    .int({ error: 'Equipe inválida.' })
    .positive({ error: 'Equipe inválida.' })
    .max(2_147_483_647, { error: 'Equipe inválida.' }),
});

/** A person as the teams show them: an assessor or a supervisor. */
export const teamMemberSchema = z.object({ id: z.string(), name: z.string() });
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** A team as the teams page shows it: its active assessors and supervisors by name. */
export const teamViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  assessors: z.array(teamMemberSchema),
  supervisors: z.array(teamMemberSchema),
});
export type TeamView = z.infer<typeof teamViewSchema>;

export const teamListSchema = z.object({
  teams: z.array(teamViewSchema),
  /** The active assessors in no team (for an administrator; a supervisor gets none). */
  assessorsWithoutTeam: z.array(teamMemberSchema),
});
export type TeamList = z.infer<typeof teamListSchema>;

/** An assessor a change took out of another team, to put it in this one. */
export const movedAssessorSchema = z.object({
  id: z.string(),
  name: z.string(),
  fromTeam: z.string(),
});
export type MovedAssessor = z.infer<typeof movedAssessorSchema>;

/** What creating or changing a team answers: the team, and whom it took from other teams. */
export const teamSavedSchema = teamViewSchema.extend({ moved: z.array(movedAssessorSchema) });
export type TeamSaved = z.infer<typeof teamSavedSchema>;
