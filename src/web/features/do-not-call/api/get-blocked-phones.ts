import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { blockedPhonePageSchema } from '../../../../core/do-not-call.ts';
import { apiClient } from '../../../lib/api-client.ts';

import { blockedPhoneKeys } from './blocked-phone-query-keys.ts';

const pageSize = 50;

export function getBlockedPhones(
  search: string,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
) {
  const params = new URLSearchParams({ limit: String(pageSize) });
  if (search !== '') params.set('q', search);
  if (cursor) params.set('cursor', cursor);
  return apiClient.get(`/api/do-not-call?${params}`, blockedPhonePageSchema, { signal });
}

export function blockedPhonesQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: blockedPhoneKeys.list(search),
    queryFn: ({ pageParam, signal }) => getBlockedPhones(search, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useBlockedPhones(search: string) {
  return useInfiniteQuery(blockedPhonesQueryOptions(search));
}
