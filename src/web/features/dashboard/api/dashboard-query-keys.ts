import type { DashboardRangeKey } from '../../../../core/dashboard.ts';

/** The admin's dashboard: one query per period, all refreshed together. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  range: (range: DashboardRangeKey) => ['dashboard', range] as const,
};
