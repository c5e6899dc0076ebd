import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type WebhookSettings, webhookSettingsSchema } from '../../../../core/webhooks.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { webhookKeys } from './webhook-query-keys.ts';

export function updateWebhookSettings(settings: WebhookSettings) {
  return apiClient.put('/api/webhooks/settings', webhookSettingsSchema, settings);
}

export function useUpdateWebhookSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhookSettings,
    onSuccess: (answer) => queryClient.setQueryData(webhookKeys.settings(), answer),
  });
}
