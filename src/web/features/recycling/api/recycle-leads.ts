import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recycleResultSchema } from '../../../../core/recycling.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';

export function recycleLeads() {
  return apiClient.post('/api/reciclarleadsteste', recycleResultSchema);
}

export function useRecycleLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recycleLeads,
    // A recycle changes counts on nearly every page (lists, pool, dashboard): refresh what is open.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== currentUserQueryKey[0],
      }),
  });
}
