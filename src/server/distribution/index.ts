import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { createDistributionRepository } from './distribution.repository.ts';
import { distributionRoutes } from './distribution.routes.ts';
import { createDistributionService } from './distribution.service.ts';

/** The daily distribution: /api/distributions and its overview. */
export const distributionFeature: FastifyPluginAsync<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  const distributionService = createDistributionService({
    distributions: createDistributionRepository(database.db),
  });
  await app.register(distributionRoutes, { distributionService });
};
