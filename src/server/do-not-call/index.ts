import type { FastifyPluginAsync } from 'fastify';
import { createUnitOfWork } from '../db/unit-of-work.ts';
import type { FeatureOptions } from '../feature.ts';
import { createDoNotCallRepository } from './do-not-call.repository.ts';
import { doNotCallRoutes } from './do-not-call.routes.ts';
import { createDoNotCallService } from './do-not-call.service.ts';

/** The block list (/leads/bloqueados): phones that must not be called. */
export const doNotCallFeature: FastifyPluginAsync<FeatureOptions> = async (app, { database }) => {
  const doNotCallService = createDoNotCallService({
    doNotCall: createDoNotCallRepository(database.db),
    unitOfWork: createUnitOfWork(database.db, app.log),
  });
  await app.register(doNotCallRoutes, { doNotCallService });
};
