/** Every external block list query starts with `all`, so one invalidation refreshes them all. */
export const blockListKeys = {
  all: ['block-lists'] as const,
};
