import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { myLeadsSchema } from '../../../../core/attempts.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { myLeadKeys } from './my-lead-query-keys.ts';

export function getMyLeads(limit: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get(`/api/my-leads?limit=${limit}`, myLeadsSchema, { signal });
}

/**
 * The first `limit` leads of the list. Refreshed by server events (a distribution) and, as a
 * fallback, every minute for due call-backs; asking for more keeps the shown ones meanwhile.
 */
export function myLeadsQueryOptions(limit: number) {
  return queryOptions({
    queryKey: myLeadKeys.list(limit),
    queryFn: ({ signal }) => getMyLeads(limit, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

export function useMyLeads(limit: number) {
  return useQuery(myLeadsQueryOptions(limit));
}
