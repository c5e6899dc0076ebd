import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AddBlockedPhoneBody,
  addBlockedPhoneResultSchema,
} from '../../../../core/do-not-call.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { leadKeys } from '../../leads/index.ts';
import { blockedPhoneKeys } from './blocked-phone-query-keys.ts';

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
        queryClient.invalidateQueries({ queryKey: blockedPhoneKeys.all }),
        queryClient.invalidateQueries({ queryKey: leadKeys.all }),
      ]),
  });
}
