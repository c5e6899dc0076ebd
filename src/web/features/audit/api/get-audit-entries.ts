import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type AuditFilter, auditPageSchema, auditPageSize } from '../../../../core/audit.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { auditKeys } from './audit-query-keys.ts';

/** The filter as the API reads it from a query string, empty values left out. */
export function auditFilterSearchParams(filter: AuditFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['action', 'actor', 'from', 'to'] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  return params;
}

export function getAuditEntries(
  filter: AuditFilter,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
) {
  const params = auditFilterSearchParams(filter);
  params.set('limit', String(auditPageSize));
  if (cursor) params.set('cursor', cursor);
  return apiClient.get(`/api/audit?${params}`, auditPageSchema, { signal });
}

/** Keyset paging: each page asks for the entries older than the last one seen. */
export function auditEntriesQueryOptions(filter: AuditFilter) {
  return infiniteQueryOptions({
    queryKey: auditKeys.list(filter),
    queryFn: ({ pageParam, signal }) => getAuditEntries(filter, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

export function useAuditEntries(filter: AuditFilter) {
  return useInfiniteQuery(auditEntriesQueryOptions(filter));
}
