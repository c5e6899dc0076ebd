import type { LeadFilter, LeadSort } from '../../../../core/leads.ts';

/** Every lead query starts with `all`, so one invalidation refreshes lists, details and counts. */
export const leadKeys = {
  all: ['leads'] as const,
  list: (filter: LeadFilter, sort: LeadSort) => [...leadKeys.all, 'list', filter, sort] as const,
  count: (filter: LeadFilter) => [...leadKeys.all, 'count', filter] as const,
  detail: (id: number) => [...leadKeys.all, 'detail', id] as const,
  mergeCandidates: (id: number) => [...leadKeys.all, 'merge-candidates', id] as const,
  mergePreview: (id: number, other: number) =>
    [...leadKeys.all, 'merge-preview', id, other] as const,
  newSummary: () => [...leadKeys.all, 'new-summary'] as const,
};
