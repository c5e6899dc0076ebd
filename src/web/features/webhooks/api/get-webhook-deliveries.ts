import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { webhookDeliveryPageSchema } from '../../../../core/webhooks.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { webhookKeys } from './webhook-query-keys.ts';

export function getWebhookDeliveries(
  endpointId: number,
  before: number | null,
  { signal }: { signal?: AbortSignal } = {},
) {
  const query = before === null ? '' : `?before=${before}`;
  return apiClient.get(
    `/api/webhooks/${endpointId}/deliveries${query}`,
    webhookDeliveryPageSchema,
    {
      signal,
    },
  );
}

export function webhookDeliveriesQueryOptions(endpointId: number) {
  return infiniteQueryOptions({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: ({ pageParam, signal }) => getWebhookDeliveries(endpointId, pageParam, { signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
    // The worker changes the log on its own: a pending delivery is looked at again soon.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) =>
        page.deliveries.some((delivery) => delivery.state === 'pending'),
      )
        ? 3000
        : false,
  });
}

export function useWebhookDeliveries(endpointId: number) {
  return useInfiniteQuery(webhookDeliveriesQueryOptions(endpointId));
}
