import { z } from 'zod';
import { requiredText } from './required-text.ts';

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
