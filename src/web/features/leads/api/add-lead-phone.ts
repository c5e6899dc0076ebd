import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddLeadPhoneBody } from '../../../../core/lead-phones.ts';
import { leadDetailSchema } from '../../../../core/leads.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { leadKeys } from './lead-query-keys.ts';

export function addLeadPhone({ id, number }: { id: number; number: AddLeadPhoneBody }) {
  return apiClient.post(`/api/leads/${id}/phones`, leadDetailSchema, number);
}

export function useAddLeadPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLeadPhone,
    onSuccess: (updated) => {
      queryClient.setQueryData(leadKeys.detail(updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: leadKeys.all });
    },
  });
}
