/** Every API token query starts with `all`, so one invalidation refreshes them all. */
export const apiTokenKeys = {
  all: ['api-tokens'] as const,
  list: () => [...apiTokenKeys.all, 'list'] as const,
};
