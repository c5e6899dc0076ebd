import { useMutation, useQueryClient } from '@tanstack/react-query';
import { replayedDeliverySchema } from '../../../../core/webhooks.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { webhookKeys } from './webhook-query-keys.ts';

export function pingWebhook(endpointId: number) {
  return apiClient.post(`/api/webhooks/${endpointId}/ping`, replayedDeliverySchema);
}

export function usePingWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pingWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
