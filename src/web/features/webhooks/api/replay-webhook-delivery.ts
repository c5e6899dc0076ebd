import { useMutation, useQueryClient } from '@tanstack/react-query';
import { replayedDeliverySchema } from '../../../../core/webhooks.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { webhookKeys } from './webhook-query-keys.ts';

export function replayWebhookDelivery(deliveryId: number) {
  return apiClient.post(`/api/webhooks/deliveries/${deliveryId}/replay`, replayedDeliverySchema);
}

export function useReplayWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayWebhookDelivery,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
