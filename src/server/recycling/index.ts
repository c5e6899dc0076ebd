import type { FastifyPluginAsync } from 'fastify';
import { createUnitOfWork } from '../db/unit-of-work.ts';
import type { FeatureOptions } from '../feature.ts';
import { createRecyclingRepository } from './recycling.repository.ts';
import { recyclingRoutes } from './recycling.routes.ts';
import { createRecyclingService } from './recycling.service.ts';

/** Recycling: POST /api/reciclarleadsteste and its rules. */
export const recyclingFeature: FastifyPluginAsync<FeatureOptions> = async (app, { database }) => {
  const recyclingService = createRecyclingService({
    recycling: createRecyclingRepository(database.db),
    unitOfWork: createUnitOfWork(database.db, app.log),
  });
  await app.register(recyclingRoutes, { recyclingService });
};
