import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { createReportsRepository } from './reports.repository.ts';
import { reportsRoutes } from './reports.routes.ts';
import { createReportsService } from './reports.service.ts';

export interface ReportsFeatureOptions extends FeatureOptions {
  /** The clock of "now" (an open state counts until it); replaceable in tests. */
  now?: (() => number) | undefined;
}

/** The floor's performance reports: /api/reports/performance (docs/decisions/041). */
export const reportsFeature: FastifyPluginAsync<ReportsFeatureOptions> = async (
  app,
  { database, timeZone, assessorScope, now },
) => {
  const reportsService = createReportsService({
    reports: createReportsRepository(database.reads),
    timeZone,
    ...(now ? { now } : {}),
  });
  await app.register(reportsRoutes, { reportsService, assessorScope, timeZone });
};
