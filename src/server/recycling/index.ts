import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { createRecyclingRepository } from './recycling.repository.ts';
import { recyclingRoutes } from './recycling.routes.ts';
import { createRecyclingService } from './recycling.service.ts';

/** Recycling: POST /api/reciclarleadsteste and its rules. */
export const recyclingFeature: FastifyPluginAsync<FeatureOptions> = async (
  app,
  { database, unitOfWork },
) => {
  const recyclingService = createRecyclingService({
    recycling: createRecyclingRepository(database.db),
    unitOfWork,
  });
  await app.register(recyclingRoutes, { recyclingService });
};
