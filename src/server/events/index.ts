import type { FastifyPluginAsync } from 'fastify';
import type { SessionCheck } from '../auth/index.ts';
import type { NotificationListener } from '../db/notification-listener.ts';
import type { FeatureOptions } from '../feature.ts';
import { eventRoutes } from './event.routes.ts';
import { createEventHub } from './event-hub.ts';

export { createEventPublisher, type EventPublisher } from './event-publisher.ts';

/**
 * Live events: GET /api/events fed by PostgreSQL LISTEN/NOTIFY, on the process's one
 * listening connection.
 */
export interface EventsFeatureOptions extends FeatureOptions {
  listener: NotificationListener;
  /** Whether a stream's session still holds; a stream whose session ended is closed. */
  checkSession: SessionCheck;
}

export const eventsFeature: FastifyPluginAsync<EventsFeatureOptions> = async (
  app,
  { listener, checkSession },
) => {
  const hub = createEventHub(listener, (message) => app.log.warn(message));
  await app.register(eventRoutes, { hub, checkSession });
};
