/** Every import query starts with `all`, so one invalidation refreshes the list and each batch. */
export const importKeys = {
  all: ['imports'] as const,
  list: () => [...importKeys.all, 'list'] as const,
  batch: (id: number) => [...importKeys.all, 'batch', id] as const,
};
