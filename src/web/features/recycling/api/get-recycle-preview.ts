import { queryOptions, useQuery } from '@tanstack/react-query';
import { recyclePreviewSchema } from '../../../../core/recycling.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { recyclingKeys } from './recycling-query-keys.ts';

export function getRecyclePreview({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get('/api/recycling/preview', recyclePreviewSchema, { signal });
}

export function recyclePreviewQueryOptions() {
  return queryOptions({
    queryKey: recyclingKeys.preview(),
    queryFn: getRecyclePreview,
    // The count changes with every refusal recorded: read afresh each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useRecyclePreview(enabled = true) {
  return useQuery({ ...recyclePreviewQueryOptions(), enabled });
}
