import { useQuery } from '@tanstack/react-query';
import { mergePreviewSchema } from '../../../../core/lead-merge.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { leadKeys } from './lead-query-keys.ts';

export function getMergePreview(id: number, other: number, signal?: AbortSignal) {
  return apiClient.get(`/api/leads/${id}/merge-preview?other=${other}`, mergePreviewSchema, {
    signal,
  });
}

/** How the lead would look with `other` merged into it; nothing asked until one is chosen. */
export function useMergePreview(id: number, other: number | null) {
  return useQuery({
    queryKey: leadKeys.mergePreview(id, other ?? 0),
    queryFn: ({ signal }) => getMergePreview(id, other ?? 0, signal),
    enabled: other !== null,
  });
}
