/** Every webhook query starts with `all`, so one invalidation refreshes them all. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  deliveries: (endpointId: number) => [...webhookKeys.all, 'deliveries', endpointId] as const,
  settings: () => [...webhookKeys.all, 'settings'] as const,
};
