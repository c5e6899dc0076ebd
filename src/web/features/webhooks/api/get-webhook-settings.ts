import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookSettingsSchema } from '../../../../core/webhooks.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { webhookKeys } from './webhook-query-keys.ts';

export function getWebhookSettings({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get('/api/webhooks/settings', webhookSettingsSchema, { signal });
}

export const webhookSettingsQueryOptions = queryOptions({
  queryKey: webhookKeys.settings(),
  queryFn: ({ signal }) => getWebhookSettings({ signal }),
});

export function useWebhookSettings() {
  return useQuery(webhookSettingsQueryOptions);
}
