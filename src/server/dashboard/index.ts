import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { createDashboardRepository } from './dashboard.repository.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { createDashboardService } from './dashboard.service.ts';
import { createDashboardDayRepository } from './dashboard-day.repository.ts';

export interface DashboardFeatureOptions extends FeatureOptions {
  /** The clock that says what today is; replaceable in tests. */
  now?: (() => number) | undefined;
}

/** The admin's dashboard: /api/dashboard, read from summaries the database keeps exact. */
export const dashboardFeature: FastifyPluginAsync<DashboardFeatureOptions> = async (
  app,
  { database, timeZone, now, assessorScope },
) => {
  const dashboardService = createDashboardService({
    dashboard: createDashboardRepository(database.db, database.reads),
    day: createDashboardDayRepository(database.reads),
    timeZone,
    ...(now ? { now } : {}),
  });
  await dashboardService.syncTimeZone();
  await app.register(dashboardRoutes, { dashboardService, assessorScope });
};

/** The summaries' fold runs beside the HTTP server (background-jobs.ts). */
export { compactSummaries, startSummaryCompaction } from './summary-compaction.ts';
