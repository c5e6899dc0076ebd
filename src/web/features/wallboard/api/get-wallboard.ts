import { queryOptions, useQuery } from '@tanstack/react-query';
import { wallboardSchema } from '../../../../core/wallboard.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { wallboardKeys } from './wallboard-query-keys.ts';

/** The floor's events refresh the wallboard; this catches any event a lost stream missed. */
const fallbackRefreshMs = 30_000;

export function getWallboard({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get('/api/wallboard', wallboardSchema, { signal });
}

export function wallboardQueryOptions() {
  return queryOptions({
    queryKey: wallboardKeys.all,
    queryFn: ({ signal }) => getWallboard({ signal }),
    refetchInterval: fallbackRefreshMs,
    // A television left on all day: it refreshes whether or not anyone is looking at it.
    refetchIntervalInBackground: true,
  });
}

export function useWallboard() {
  return useQuery(wallboardQueryOptions());
}
