import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type LeadFilter, type LeadSort, leadPageSchema } from '../../../../core/leads.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { leadKeys } from './lead-query-keys.ts';
import { leadFilterSearchParams } from './lead-query-string.ts';

const pageSize = 100;

export function getLeads(
  filter: LeadFilter,
  sort: LeadSort,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
) {
  const params = leadFilterSearchParams(filter);
  params.set('sort', sort);
  params.set('limit', String(pageSize));
  if (cursor) params.set('cursor', cursor);
  return apiClient.get(`/api/leads?${params}`, leadPageSchema, { signal });
}

/** Keyset paging: each page asks for the rows after the last one seen, so deep pages stay fast. */
export function leadsQueryOptions(filter: LeadFilter, sort: LeadSort) {
  return infiniteQueryOptions({
    queryKey: leadKeys.list(filter, sort),
    queryFn: ({ pageParam, signal }) => getLeads(filter, sort, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useLeads(filter: LeadFilter, sort: LeadSort) {
  return useInfiniteQuery(leadsQueryOptions(filter, sort));
}
