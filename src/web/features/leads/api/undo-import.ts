import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importBatchSchema } from '../../../../core/imports.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { leadsQueryKey } from './get-leads.ts';

/** The imports feature keeps its queries under this key; an undone batch changes its list. */
const importsQueryKey = ['imports'] as const;

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
        queryClient.invalidateQueries({ queryKey: leadsQueryKey }),
        queryClient.invalidateQueries({ queryKey: importsQueryKey }),
      ]),
  });
}
