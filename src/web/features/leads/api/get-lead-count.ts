import { queryOptions, useQuery } from '@tanstack/react-query';
import { type LeadFilter, leadCountSchema } from '../../../../core/leads.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { leadKeys } from './lead-query-keys.ts';
import { leadFilterSearchParams } from './lead-query-string.ts';

export function getLeadCount(filter: LeadFilter, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get(`/api/leads/count?${leadFilterSearchParams(filter)}`, leadCountSchema, {
    signal,
  });
}

export function leadCountQueryOptions(filter: LeadFilter) {
  return queryOptions({
    queryKey: leadKeys.count(filter),
    queryFn: ({ signal }) => getLeadCount(filter, { signal }),
  });
}

/** How many leads the filter holds, for the page and for the bulk actions' confirmation. */
export function useLeadCount(filter: LeadFilter) {
  return useQuery(leadCountQueryOptions(filter));
}
