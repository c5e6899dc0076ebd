import type { FastifyPluginAsync } from 'fastify';
import type { SessionCheck } from '../auth/index.ts';
import type { FeatureOptions } from '../feature.ts';
import { eventRoutes } from './event.routes.ts';
import { createEventHub } from './event-hub.ts';

/**
 * Live events: GET /api/events fed by PostgreSQL LISTEN/NOTIFY. The hub opens its one
 * connection on the first subscriber (from the pool's own settings) and closes with the app.
 */
export interface EventsFeatureOptions extends FeatureOptions {
  /** Whether a stream's session still holds; a stream whose session ended is closed. */
  checkSession: SessionCheck;
}

export const eventsFeature: FastifyPluginAsync<EventsFeatureOptions> = async (
  app,
  { database, checkSession },
) => {
  const hub = createEventHub({
    connection: database.pool.options,
    log: (message) => app.log.warn(message),
  });
  app.addHook('onClose', async () => hub.close());
  await app.register(eventRoutes, { hub, checkSession });
};
