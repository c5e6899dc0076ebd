import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { createFollowUpRepository } from './follow-up.repository.ts';
import { followUpRoutes } from './follow-up.routes.ts';
import { createFollowUpService } from './follow-up.service.ts';

/** /acompanhar: the accepted leads, their "cadastro confirmado" mark and their export. */
export const followUpFeature: FastifyPluginAsync<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  const followUpService = createFollowUpService({
    followUp: createFollowUpRepository(database.db),
  });
  await app.register(followUpRoutes, { followUpService });
};
