import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { createFollowUpRepository } from './follow-up.repository.ts';
import { followUpRoutes } from './follow-up.routes.ts';
import { createFollowUpService } from './follow-up.service.ts';

/** /acompanhar: the accepted leads, their "cadastro confirmado" mark and their export. */
export const followUpFeature: FastifyPluginAsync<FeatureOptions> = async (
  app,
  { database, timeZone, unitOfWork, assessorScope },
) => {
  const followUpService = createFollowUpService({
    followUp: createFollowUpRepository(database.db, timeZone),
    unitOfWork,
  });
  await app.register(followUpRoutes, { followUpService, timeZone, assessorScope });
};
