import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leadDetailSchema, type UpdateLeadBody } from '../../../../core/leads.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { leadKeys } from './lead-query-keys.ts';

export interface UpdateLeadInput {
  id: number;
  changes: UpdateLeadBody;
}

export function updateLead({ id, changes }: UpdateLeadInput) {
  return apiClient.patch(`/api/leads/${id}`, leadDetailSchema, changes);
}

export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLead,
    onSuccess: (updated) => {
      queryClient.setQueryData(leadKeys.detail(updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: leadKeys.all });
    },
  });
}
