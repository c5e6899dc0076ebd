import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type DashboardRangeKey, dashboardSchema } from '../../../../core/dashboard.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { dashboardKeys } from './dashboard-query-keys.ts';

/** Server events refresh the figures; this only catches midnight on a quiet page. */
const quietRefreshMs = 5 * 60_000;

export function getDashboard(range: DashboardRangeKey, { signal }: { signal?: AbortSignal } = {}) {
  const params = new URLSearchParams({ range });
  return apiClient.get(`/api/dashboard?${params}`, dashboardSchema, { signal });
}

export function dashboardQueryOptions(range: DashboardRangeKey) {
  return queryOptions({
    queryKey: dashboardKeys.range(range),
    queryFn: ({ signal }) => getDashboard(range, { signal }),
    refetchInterval: quietRefreshMs,
    // A new period keeps the page's figures on screen until its own arrive.
    placeholderData: keepPreviousData,
  });
}

export function useDashboard(range: DashboardRangeKey) {
  return useQuery(dashboardQueryOptions(range));
}
