import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateWebhookBody, webhookEndpointSchema } from '../../../../core/webhooks.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { webhookKeys } from './webhook-query-keys.ts';

export function updateWebhook({ id, changes }: { id: number; changes: UpdateWebhookBody }) {
  return apiClient.patch(`/api/webhooks/${id}`, webhookEndpointSchema, changes);
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}
