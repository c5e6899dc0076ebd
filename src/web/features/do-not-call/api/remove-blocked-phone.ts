import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { blockedPhoneKeys } from './blocked-phone-query-keys.ts';

export function removeBlockedPhone(phone: string): Promise<void> {
  return apiClient.delete(`/api/do-not-call/${encodeURIComponent(phone)}`);
}

export function useRemoveBlockedPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBlockedPhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockedPhoneKeys.all }),
  });
}
