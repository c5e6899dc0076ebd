import { z } from 'zod';
import { agentStateSchema, pauseReasonSchema } from './agent-states.ts';

const count = z.number().int();
/** aceites ÷ contatos, from 0 to 1; null when nobody was reached. */
const rate = z.number().min(0).max(1).nullable();

/** Today's figures of an assessor or of a whole team, in the call centre's day. */
export const wallboardFiguresSchema = z.object({
  calls: count,
  /** Calls someone answered (the outcomes marked `answered`). */
  contacts: count,
  accepted: count,
  conversionRate: rate,
  /** The average `on_call` span ended today (*Ligar* → outcome), in seconds; null: none yet. */
  averageHandlingSeconds: z.number().nullable(),
  /** Calls ÷ hours signed in today minus pauses; null: no time worked yet. */
  callsPerHour: z.number().nullable(),
  /** Leads in the list still to call. */
  leadsLeft: count,
});
export type WallboardFigures = z.infer<typeof wallboardFiguresSchema>;

/** A day target: null when none is set. */
export const wallboardTargetsSchema = z.object({
  accepted: count.nullable(),
  calls: count.nullable(),
});
export type WallboardTargets = z.infer<typeof wallboardTargetsSchema>;

export const wallboardAssessorSchema = wallboardFiguresSchema.extend({
  id: z.string(),
  name: z.string(),
  state: agentStateSchema,
  /** When the assessor entered the state (never seen: null, and `disconnected`). */
  since: z.iso.datetime().nullable(),
  pauseReason: pauseReasonSchema.pick({ id: true, name: true, limitMinutes: true }).nullable(),
  targets: wallboardTargetsSchema,
});
export type WallboardAssessor = z.infer<typeof wallboardAssessorSchema>;

export const wallboardTeamSchema = z.object({
  /** null: the assessors without a team ("Sem equipe"), shown to administrators only. */
  id: z.number().int().nullable(),
  name: z.string(),
  totals: wallboardFiguresSchema,
  targets: wallboardTargetsSchema,
  assessors: z.array(wallboardAssessorSchema),
});
export type WallboardTeam = z.infer<typeof wallboardTeamSchema>;

/** `GET /api/wallboard`: the teams the caller runs, each assessor's state and today's figures. */
export const wallboardSchema = z.object({
  /** When the figures were read: the snapshot may be up to a second older than the request. */
  generatedAt: z.iso.datetime(),
  /** The call centre's day, `YYYY-MM-DD`. */
  today: z.iso.date(),
  teams: z.array(wallboardTeamSchema),
});
export type Wallboard = z.infer<typeof wallboardSchema>;

/** The name of the section of assessors without a team. */
export const noTeamName = 'Sem equipe';
