import { queryOptions, useQuery } from '@tanstack/react-query';
import { myLeadsSchema } from '../../../../core/attempts.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { myLeadsQueryKey } from '../../../lib/live-query-keys.ts';

export function getMyLeads({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get('/api/my-leads', myLeadsSchema, { signal });
}

/** Refreshed by server events (a distribution) and, as a fallback, every minute for due call-backs. */
export function myLeadsQueryOptions() {
  return queryOptions({
    queryKey: myLeadsQueryKey,
    queryFn: getMyLeads,
    refetchInterval: 60_000,
  });
}

export function useMyLeads() {
  return useQuery(myLeadsQueryOptions());
}
