import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { createDoNotCallRepository } from './do-not-call.repository.ts';
import { doNotCallRoutes } from './do-not-call.routes.ts';
import { createDoNotCallService } from './do-not-call.service.ts';

/** The block list (/leads/bloqueados): phones that must not be called. */
export const doNotCallFeature: FastifyPluginAsync<FeatureOptions> = async (
  app,
  { database, unitOfWork },
) => {
  const doNotCallService = createDoNotCallService({
    doNotCall: createDoNotCallRepository(database.db),
    unitOfWork,
  });
  await app.register(doNotCallRoutes, { doNotCallService });
};
