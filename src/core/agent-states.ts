import { z } from 'zod';
import { requiredText } from './required-text.ts';
import { targetMetricSchema, targetPeriodSchema } from './targets.ts';

/**
 * What an assessor is doing, as the wallboard shows it and the reports add it up:
 * - `available`: signed in, with a page open, between calls;
 * - `on_call`: from *Ligar* (or the WhatsApp link) until the call's outcome is recorded;
 * - `paused`: on a pause, with a reason from the admins' table;
 * - `disconnected`: no open page told the server it was there for `disconnectedAfterSeconds`
 *   (a closed laptop, a lost network, signed out).
 */
export const agentStateSchema = z.enum(['available', 'on_call', 'paused', 'disconnected']);
export type AgentState = z.infer<typeof agentStateSchema>;

export const agentStateLabels: Record<AgentState, string> = {
  available: 'Disponível',
  on_call: 'Em ligação',
  paused: 'Em pausa',
  disconnected: 'Desconectado',
};

/** Mantine colour of each state's badge. */
export const agentStateColors: Record<AgentState, string> = {
  available: 'green',
  on_call: 'blue',
  paused: 'yellow',
  disconnected: 'gray',
};

/** No sign of an open page for this long and the assessor is *Desconectado*. */
export const disconnectedAfterSeconds = 60;
/** How often an open assessor page tells the server it is there (well inside the 60 s). */
export const presenceEverySeconds = 20;

/** A reason an assessor may pause for, with an optional limit past which the pause is late. */
export const pauseReasonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Minutes; null: no limit. */
  limitMinutes: z.number().int().nullable(),
  active: z.boolean(),
});
export type PauseReason = z.infer<typeof pauseReasonSchema>;

export const pauseReasonInputSchema = z
  .object({
    name: requiredText({ empty: 'Informe o motivo da pausa.', max: 60 }),
    limitMinutes: z
      .number({ error: 'O limite é um número de minutos.' })
      .int('O limite é um número inteiro de minutos.')
      .min(1, 'O limite é de pelo menos 1 minuto.')
      .max(24 * 60, 'O limite é de no máximo 1.440 minutos (um dia).')
      .nullable()
      .default(null),
    active: z.boolean().default(true),
  })
  .strict();
export type PauseReasonInput = z.infer<typeof pauseReasonInputSchema>;

/** An assessor's state now, as the wallboard and the assessor's own page read it. */
export const agentStatusSchema = z.object({
  state: agentStateSchema,
  /** When the assessor entered this state. */
  since: z.iso.datetime(),
  pauseReason: pauseReasonSchema.pick({ id: true, name: true, limitMinutes: true }).nullable(),
});
export type AgentStatus = z.infer<typeof agentStatusSchema>;

/** Whether a pause has run past its reason's limit (the wallboard shows it in red). */
export function pauseIsLate(status: AgentStatus, now: Date): boolean {
  const limit = status.pauseReason?.limitMinutes;
  if (status.state !== 'paused' || limit == null) return false;
  return now.getTime() - new Date(status.since).getTime() > limit * 60_000;
}

const pauseReasonNameSchema = pauseReasonInputSchema.shape.name;
const pauseReasonLimitSchema = pauseReasonInputSchema.shape.limitMinutes.removeDefault();

/** A change to a pause reason: its name, its limit, or `active: false` to retire it. */
export const pauseReasonUpdateSchema = z
  .strictObject({
    name: pauseReasonNameSchema.optional(),
    limitMinutes: pauseReasonLimitSchema.optional(),
    active: z.boolean({ error: 'Ativo deve ser sim ou não.' }).optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    error: 'Informe o que mudar: o nome, o limite ou se o motivo está ativo.',
  });
export type PauseReasonUpdate = z.infer<typeof pauseReasonUpdateSchema>;

/** The largest id an `int` column holds: a larger one names no row. */
const maxIntId = 2_147_483_647;

const positiveId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(maxIntId, { error: message });

export const pauseReasonIdParamsSchema = z.object({ id: positiveId('Motivo de pausa inválido.') });

export const pauseReasonListSchema = z.object({ reasons: z.array(pauseReasonSchema) });
export type PauseReasonList = z.infer<typeof pauseReasonListSchema>;

/** *Pausar*: the reason picked from the active ones. */
export const pauseBodySchema = z.strictObject({
  reasonId: z
    .number({ error: 'Escolha o motivo da pausa.' })
    .int({ error: 'Escolha o motivo da pausa.' })
    .positive({ error: 'Escolha o motivo da pausa.' })
    .max(maxIntId, { error: 'Escolha o motivo da pausa.' }),
});
export type PauseBody = z.infer<typeof pauseBodySchema>;

/** *Ligar* or the WhatsApp link: the lead the assessor is calling. */
export const callBodySchema = z.strictObject({
  leadId: z
    .number({ error: 'Lead inválido.' })
    .int({ error: 'Lead inválido.' })
    .positive({ error: 'Lead inválido.' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'Lead inválido.' }),
});
export type CallBody = z.infer<typeof callBodySchema>;

/** The assessor a supervisor acts on. */
export const agentUserParamsSchema = z.object({
  userId: z.string().min(1, 'Assessor inválido.').max(64, 'Assessor inválido.'),
});

/** How far one target has come: the assessor's own or its team's, today or this month. */
export const targetProgressSchema = z.object({
  owner: z.enum(['assessor', 'team']),
  period: targetPeriodSchema,
  metric: targetMetricSchema,
  done: z.number().int(),
  target: z.number().int(),
});
export type TargetProgress = z.infer<typeof targetProgressSchema>;

/** GET /api/agent-state: the caller's own state and its targets' progress. */
export const myAgentStateSchema = agentStatusSchema.extend({
  progress: z.array(targetProgressSchema),
});
export type MyAgentState = z.infer<typeof myAgentStateSchema>;
