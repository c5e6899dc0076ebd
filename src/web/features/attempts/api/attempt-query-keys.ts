import type { AttemptFilter } from './attempt-query-string.ts';

/** Every call-record query starts with `all`, so one invalidation refreshes them all. */
export const attemptKeys = {
  all: ['attempts'] as const,
  list: (filter: AttemptFilter) => [...attemptKeys.all, 'list', filter] as const,
};
