import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { myLeadsSchema } from '../../../../core/attempts.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { myLeadKeys } from './my-lead-query-keys.ts';

export function getMyLeads(limit: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get(`/api/my-leads?limit=${limit}`, myLeadsSchema, { signal });
}

/** The list is read again at least this often, as a fallback for events missed. */
const refreshMs = 60_000;

/**
 * The first `limit` leads of the list. Refreshed by server events (a distribution), when the
 * first waiting lead may be called again (its call-back or retry is due: it moves up), and at
 * least every minute; asking for more keeps the shown ones meanwhile.
 */
export function myLeadsQueryOptions(limit: number) {
  return queryOptions({
    queryKey: myLeadKeys.list(limit),
    queryFn: ({ signal }) => getMyLeads(limit, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const now = Date.now();
      const due = (query.state.data?.leads ?? [])
        .map((lead) => (lead.nextCallAt ? new Date(lead.nextCallAt).getTime() - now : refreshMs))
        .filter((wait) => wait > 0);
      // A little after the time, so the server's clock has passed it too.
      return Math.min(refreshMs, ...due.map((wait) => wait + 1_000));
    },
  });
}

export function useMyLeads(limit: number) {
  return useQuery(myLeadsQueryOptions(limit));
}
