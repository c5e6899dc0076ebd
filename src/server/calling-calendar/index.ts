import type { FastifyPluginAsync } from 'fastify';
import { createUnitOfWork } from '../db/unit-of-work.ts';
import type { FeatureOptions } from '../feature.ts';
import { createCallingCalendarRepository } from './calling-calendar.repository.ts';
import { callingCalendarRoutes } from './calling-calendar.routes.ts';
import { createCallingCalendarService } from './calling-calendar.service.ts';

/** When each state's leads may be called: /api/calling-calendar. */
export const callingCalendarFeature: FastifyPluginAsync<FeatureOptions> = async (
  app,
  { database },
) => {
  const callingCalendarService = createCallingCalendarService({
    calendars: createCallingCalendarRepository(database.db),
    unitOfWork: createUnitOfWork(database.db, app.log),
  });
  await app.register(callingCalendarRoutes, { callingCalendarService });
};
