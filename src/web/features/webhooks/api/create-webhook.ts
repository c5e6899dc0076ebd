import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateWebhookBody, createdWebhookSchema } from '../../../../core/webhooks.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { webhookKeys } from './webhook-query-keys.ts';

export function createWebhook(body: CreateWebhookBody) {
  return apiClient.post('/api/webhooks', createdWebhookSchema, body);
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}
