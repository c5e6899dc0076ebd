import type { FollowUpFilter } from './follow-up-query-string.ts';

/** Every follow-up query starts with `all`, so one invalidation refreshes them all. */
export const followUpKeys = {
  all: ['follow-up'] as const,
  list: (filter: FollowUpFilter) => [...followUpKeys.all, 'list', filter] as const,
};
