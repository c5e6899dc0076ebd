import type { FastifyPluginAsync } from 'fastify';
import { createCallingCalendarRepository } from '../calling-calendar/calling-calendar.repository.ts';
import { createUnitOfWork } from '../db/unit-of-work.ts';
import type { FeatureOptions } from '../feature.ts';
import { createDistributionRepository } from './distribution.repository.ts';
import { distributionRoutes } from './distribution.routes.ts';
import { createDistributionService } from './distribution.service.ts';

/** The daily distribution: /api/distributions and its overview. */
export const distributionFeature: FastifyPluginAsync<FeatureOptions> = async (
  app,
  { database, timeZone },
) => {
  const distributionService = createDistributionService({
    distributions: createDistributionRepository(database.db, timeZone),
    calendars: createCallingCalendarRepository(database.db),
    unitOfWork: createUnitOfWork(database.db, app.log),
  });
  await app.register(distributionRoutes, { distributionService });
};
