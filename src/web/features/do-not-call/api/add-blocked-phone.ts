import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AddBlockedPhoneBody,
  addBlockedPhoneResultSchema,
} from '../../../../core/do-not-call.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { blockedPhonesQueryKey } from './get-blocked-phones.ts';

export function addBlockedPhone(body: AddBlockedPhoneBody) {
  return apiClient.post('/api/do-not-call', addBlockedPhoneResultSchema, body);
}

export function useAddBlockedPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBlockedPhone,
    // Leads with the phone changed status too, so the lead pages refetch as well.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: blockedPhonesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['leads'] }),
      ]),
  });
}
