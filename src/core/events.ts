import { z } from 'zod';

/**
 * What the server tells open pages through `GET /api/events` (server-sent events), fed by
 * PostgreSQL LISTEN/NOTIFY so every server process hears every change. Pages refetch what
 * the event touches; the event itself carries no personal data.
 */
export const appEventSchema = z.discriminatedUnion('type', [
  /** Leads were handed out; `assessorIds` received some. */
  z.object({ type: z.literal('leads.distributed'), assessorIds: z.array(z.string()) }),
  /** An assessor recorded the outcome of a call. */
  z.object({ type: z.literal('lead.attempted'), assessorId: z.string(), leadId: z.number().int() }),
  /** Leads changed status or owner by an admin action (bulk action, recycle, import undo…). */
  z.object({ type: z.literal('leads.changed'), assessorIds: z.array(z.string()) }),
  /** New leads arrived in the pool (an import finished). */
  z.object({ type: z.literal('leads.imported') }),
  /** An assessor's state changed: available, on a call, on a pause, disconnected (041). */
  z.object({ type: z.literal('agent.state'), assessorId: z.string() }),
]);
export type AppEvent = z.infer<typeof appEventSchema>;
export type AppEventType = AppEvent['type'];

/** The PostgreSQL channel the events travel on. */
export const eventChannel = 'cca_events';
