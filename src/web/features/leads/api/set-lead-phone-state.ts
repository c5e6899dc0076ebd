import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PhoneState } from '../../../../core/lead-phones.ts';
import { leadDetailSchema } from '../../../../core/leads.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { leadKeys } from './lead-query-keys.ts';

export interface SetLeadPhoneStateInput {
  id: number;
  phone: string;
  state: PhoneState;
}

export function setLeadPhoneState({ id, phone, state }: SetLeadPhoneStateInput) {
  const path = `/api/leads/${id}/phones/${encodeURIComponent(phone)}`;
  return apiClient.patch(path, leadDetailSchema, { state });
}

export function useSetLeadPhoneState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLeadPhoneState,
    onSuccess: (updated) => {
      queryClient.setQueryData(leadKeys.detail(updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: leadKeys.all });
    },
  });
}
