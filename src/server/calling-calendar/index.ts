import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { createCallingCalendarRepository } from './calling-calendar.repository.ts';
import { callingCalendarRoutes } from './calling-calendar.routes.ts';
import { createCallingCalendarService } from './calling-calendar.service.ts';

/** When each state's leads may be called: /api/calling-calendar. */
export const callingCalendarFeature: FastifyPluginAsync<FeatureOptions> = async (
  app,
  { database, unitOfWork },
) => {
  const callingCalendarService = createCallingCalendarService({
    calendars: createCallingCalendarRepository(database.db),
    unitOfWork,
  });
  await app.register(callingCalendarRoutes, { callingCalendarService });
};

export {
  type CallingCalendarRepository,
  createCallingCalendarRepository,
} from './calling-calendar.repository.ts';
