import type { FastifyPluginAsync } from 'fastify';
import type { SessionCheck } from '../auth/index.ts';
import type { FeatureOptions } from '../feature.ts';
import { eventRoutes } from './event.routes.ts';
import type { EventHub } from './event-hub.ts';

export { createEventHub, type EventHub } from './event-hub.ts';
export { createEventPublisher, type EventPublisher } from './event-publisher.ts';

/**
 * Live events: GET /api/events fed by PostgreSQL LISTEN/NOTIFY, on the process's one
 * listening connection.
 */
export interface EventsFeatureOptions extends FeatureOptions {
  /** The app's one hub on that connection, made by app.ts, which counts its open streams. */
  hub: EventHub;
  /** Whether a stream's session still holds; a stream whose session ended is closed. */
  checkSession: SessionCheck;
}

export const eventsFeature: FastifyPluginAsync<EventsFeatureOptions> = async (
  app,
  { hub, checkSession },
) => {
  await app.register(eventRoutes, { hub, checkSession });
};
