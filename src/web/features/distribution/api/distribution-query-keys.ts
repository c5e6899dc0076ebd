/** Every distribution query starts with `all`, so one invalidation refreshes them all. */
export const distributionKeys = {
  all: ['distributions'] as const,
  overview: () => [...distributionKeys.all, 'overview'] as const,
};
