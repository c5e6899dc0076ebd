import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { followUpPageSchema } from '../../../../core/attempts.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { followUpKeys } from './follow-up-query-keys.ts';
import { type FollowUpFilter, followUpFilterSearchParams } from './follow-up-query-string.ts';

const pageSize = 100;

export function getFollowUp(
  filter: FollowUpFilter,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
) {
  const params = followUpFilterSearchParams(filter);
  params.set('limit', String(pageSize));
  if (cursor) params.set('cursor', cursor);
  return apiClient.get(`/api/follow-up?${params}`, followUpPageSchema, { signal });
}

export function followUpQueryOptions(filter: FollowUpFilter) {
  return infiniteQueryOptions({
    queryKey: followUpKeys.list(filter),
    queryFn: ({ pageParam, signal }) => getFollowUp(filter, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useFollowUp(filter: FollowUpFilter) {
  return useInfiniteQuery(followUpQueryOptions(filter));
}
