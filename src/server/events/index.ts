import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { eventRoutes } from './event.routes.ts';
import { createEventHub } from './event-hub.ts';

/**
 * Live events: GET /api/events fed by PostgreSQL LISTEN/NOTIFY. The hub opens its one
 * connection on the first subscriber (from the pool's own settings) and closes with the app.
 */
export const eventsFeature: FastifyPluginAsync<FeatureOptions> = async (app, { database }) => {
  const hub = createEventHub({
    connection: database.pool.options,
    log: (message) => app.log.warn(message),
  });
  app.addHook('onClose', async () => hub.close());
  await app.register(eventRoutes, { hub });
};
