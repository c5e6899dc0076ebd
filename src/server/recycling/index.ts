import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { createRecyclingRepository } from './recycling.repository.ts';
import { recyclingRoutes } from './recycling.routes.ts';
import { createRecyclingService } from './recycling.service.ts';

/** Recycling: POST /api/reciclarleadsteste and its rules. */
export const recyclingFeature: FastifyPluginAsync<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  const recyclingService = createRecyclingService({
    recycling: createRecyclingRepository(database.db),
  });
  await app.register(recyclingRoutes, { recyclingService });
};
