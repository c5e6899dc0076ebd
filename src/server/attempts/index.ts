import type { FastifyPluginAsync } from 'fastify';
import { createEventBatcher } from '../events/event-batcher.ts';
import type { FeatureOptions } from '../feature.ts';
import { createAttemptRepository } from './attempt.repository.ts';
import { attemptRoutes } from './attempt.routes.ts';
import { createAttemptService } from './attempt.service.ts';

/** The assessor's day and the call records: /api/my-leads, recording calls, /api/attempts. */
export const attemptsFeature: FastifyPluginAsync<FeatureOptions> = async (
  app,
  { database, timeZone },
) => {
  const events = createEventBatcher(database.db, {
    delayMs: 100,
    onError: (error) => app.log.warn({ err: error }, 'aviso de ligação não enviado'),
  });
  app.addHook('onClose', () => events.close());
  const attemptService = createAttemptService({
    attempts: createAttemptRepository(database.db, timeZone),
    events,
  });
  await app.register(attemptRoutes, { attemptService, timeZone });
};
