import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importBatchSchema } from '../../../../core/imports.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { leadKeys } from '../../leads/index.ts';
import { importKeys } from './import-query-keys.ts';

/** Removes a whole batch; the server answers 409 when some of its leads are no longer new. */
export function undoImport(batchId: number) {
  return apiClient.post(`/api/imports/${batchId}/undo`, importBatchSchema, {});
}

export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoImport,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.all }),
        queryClient.invalidateQueries({ queryKey: importKeys.all }),
      ]),
  });
}
