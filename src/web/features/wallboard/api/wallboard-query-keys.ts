/** The live wallboard: one query, refetched by the floor's events at most once a second. */
export const wallboardKeys = {
  all: ['wallboard'] as const,
};
