import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  blockListLoadResultSchema,
  type LoadBlockListFields,
} from '../../../../core/block-lists.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { leadKeys } from '../../leads/index.ts';
import { blockListKeys } from './block-list-query-keys.ts';

export interface LoadBlockListInput extends LoadBlockListFields {
  file: File;
  onProgress?: (fraction: number) => void;
}

export function loadBlockList({ file, name, listDate, onProgress }: LoadBlockListInput) {
  const formData = new FormData();
  // Text fields first: a streaming server reads them before the file arrives.
  formData.append('name', name);
  formData.append('listDate', listDate);
  formData.append('file', file, file.name);
  return apiClient.upload('/api/block-lists', blockListLoadResultSchema, formData, {
    onProgress,
  });
}

export function useLoadBlockList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loadBlockList,
    // Leads with a listed number changed status too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: blockListKeys.all }),
        queryClient.invalidateQueries({ queryKey: leadKeys.all }),
      ]),
  });
}
