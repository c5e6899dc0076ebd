import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookEndpointsSchema } from '../../../../core/webhooks.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { webhookKeys } from './webhook-query-keys.ts';

export function getWebhooks({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get('/api/webhooks', webhookEndpointsSchema, { signal });
}

export const webhooksQueryOptions = queryOptions({
  queryKey: webhookKeys.endpoints(),
  queryFn: ({ signal }) => getWebhooks({ signal }),
});

export function useWebhooks() {
  return useQuery(webhooksQueryOptions);
}
