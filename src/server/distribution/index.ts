import type { FastifyPluginAsync } from 'fastify';
import { createCallingCalendarRepository } from '../calling-calendar/index.ts';
import type { FeatureOptions } from '../feature.ts';
import { createDistributionRepository } from './distribution.repository.ts';
import { distributionRoutes } from './distribution.routes.ts';
import { createDistributionService } from './distribution.service.ts';

/** The daily distribution: /api/distributions and its overview. */
export const distributionFeature: FastifyPluginAsync<FeatureOptions> = async (
  app,
  { database, timeZone, unitOfWork, assessorScope },
) => {
  const distributionService = createDistributionService({
    distributions: createDistributionRepository(database.db, timeZone),
    calendars: createCallingCalendarRepository(database.db),
    unitOfWork,
  });
  await app.register(distributionRoutes, { distributionService, assessorScope });
};

export { createDistributionRepository } from './distribution.repository.ts';
export { createDistributionService } from './distribution.service.ts';
