import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { blockListKeys } from './block-list-query-keys.ts';

export function removeBlockList(id: number): Promise<void> {
  return apiClient.delete(`/api/block-lists/${id}`);
}

export function useRemoveBlockList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBlockList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockListKeys.all }),
  });
}
