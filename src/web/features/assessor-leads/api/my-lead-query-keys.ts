/** Every query of the assessor's own list starts with `all`, so one invalidation refreshes it. */
export const myLeadKeys = {
  all: ['my-leads'] as const,
  list: (limit: number) => [...myLeadKeys.all, limit] as const,
};
