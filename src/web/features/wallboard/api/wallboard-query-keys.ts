/** The live wallboard: one query, refetched by the floor's events at most once a second. */
export const wallboardKeys = {
  all: ['wallboard'] as const,
};

/** The least time between two refetches of the wallboard the events ask for. */
export const wallboardRefetchMs = 1000;
