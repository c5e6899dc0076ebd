import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { createEventBatcher } from '../events/event-batcher.ts';
import { createAttemptRepository } from './attempt.repository.ts';
import { attemptRoutes } from './attempt.routes.ts';
import { createAttemptService } from './attempt.service.ts';

/** The assessor's day and the call records: /api/my-leads, recording calls, /api/attempts. */
export const attemptsFeature: FastifyPluginAsync<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  const events = createEventBatcher(database.db, {
    delayMs: 100,
    onError: (error) => app.log.warn({ err: error }, 'aviso de ligação não enviado'),
  });
  app.addHook('onClose', () => events.close());
  const attemptService = createAttemptService({
    attempts: createAttemptRepository(database.db),
    events,
  });
  await app.register(attemptRoutes, { attemptService });
};
