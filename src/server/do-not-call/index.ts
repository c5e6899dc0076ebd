import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { createDoNotCallRepository } from './do-not-call.repository.ts';
import { doNotCallRoutes } from './do-not-call.routes.ts';
import { createDoNotCallService } from './do-not-call.service.ts';

/** The block list (/leads/bloqueados): phones that must not be called. */
export const doNotCallFeature: FastifyPluginAsync<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  const doNotCallService = createDoNotCallService({
    doNotCall: createDoNotCallRepository(database.db),
  });
  await app.register(doNotCallRoutes, { doNotCallService });
};
