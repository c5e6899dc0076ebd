import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardSchema } from '../../../../core/dashboard.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { dashboardKeys } from './dashboard-query-keys.ts';

/** Server events refresh the figures; this only catches midnight on a quiet page. */
const quietRefreshMs = 5 * 60_000;

export function getDashboard({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get('/api/dashboard', dashboardSchema, { signal });
}

export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.all,
    queryFn: getDashboard,
    refetchInterval: quietRefreshMs,
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
