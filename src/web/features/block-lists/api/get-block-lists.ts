import { queryOptions, useQuery } from '@tanstack/react-query';
import { blockListSourcesSchema } from '../../../../core/block-lists.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { blockListKeys } from './block-list-query-keys.ts';

export function getBlockLists({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get('/api/block-lists', blockListSourcesSchema, { signal });
}

export const blockListsQueryOptions = queryOptions({
  queryKey: blockListKeys.all,
  queryFn: ({ signal }) => getBlockLists({ signal }),
});

export function useBlockLists() {
  return useQuery(blockListsQueryOptions);
}
