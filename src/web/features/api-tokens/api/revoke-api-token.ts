import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiTokenSchema } from '../../../../core/api-tokens.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { apiTokenKeys } from './api-token-query-keys.ts';

export function revokeApiToken(id: number) {
  return apiClient.post(`/api/api-tokens/${id}/revoke`, apiTokenSchema);
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
