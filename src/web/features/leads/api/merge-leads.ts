import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leadDetailSchema } from '../../../../core/leads.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { leadKeys } from './lead-query-keys.ts';

export interface MergeLeadsInput {
  id: number;
  other: number;
}

export function mergeLeads({ id, other }: MergeLeadsInput) {
  return apiClient.post(`/api/leads/${id}/merge`, leadDetailSchema, { other });
}

export function useMergeLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeLeads,
    onSuccess: (merged) => {
      queryClient.setQueryData(leadKeys.detail(merged.id), merged);
      return queryClient.invalidateQueries({ queryKey: leadKeys.all });
    },
  });
}
