import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { attemptPageSchema } from '../../../../core/attempts.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { attemptKeys } from './attempt-query-keys.ts';
import { type AttemptFilter, attemptFilterSearchParams } from './attempt-query-string.ts';

const pageSize = 100;

export function getAttempts(
  filter: AttemptFilter,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
) {
  const params = attemptFilterSearchParams(filter);
  params.set('limit', String(pageSize));
  if (cursor) params.set('cursor', cursor);
  return apiClient.get(`/api/attempts?${params}`, attemptPageSchema, { signal });
}

/** Keyset paging: each page asks for the records after the last one seen. */
export function attemptsQueryOptions(filter: AttemptFilter) {
  return infiniteQueryOptions({
    queryKey: attemptKeys.list(filter),
    queryFn: ({ pageParam, signal }) => getAttempts(filter, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useAttempts(filter: AttemptFilter) {
  return useInfiniteQuery(attemptsQueryOptions(filter));
}
