import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateApiTokenBody, createdApiTokenSchema } from '../../../../core/api-tokens.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { apiTokenKeys } from './api-token-query-keys.ts';

export function createApiToken(body: CreateApiTokenBody) {
  return apiClient.post('/api/api-tokens', createdApiTokenSchema, body);
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
