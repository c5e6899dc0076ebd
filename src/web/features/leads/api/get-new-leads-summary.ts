import { queryOptions, useQuery } from '@tanstack/react-query';
import { newLeadsSummarySchema } from '../../../../core/leads.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { leadKeys } from './lead-query-keys.ts';

export function getNewLeadsSummary({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get('/api/leads/new-summary', newLeadsSummarySchema, { signal });
}

export function newLeadsSummaryQueryOptions() {
  return queryOptions({
    queryKey: leadKeys.newSummary(),
    queryFn: getNewLeadsSummary,
  });
}

export function useNewLeadsSummary() {
  return useQuery(newLeadsSummaryQueryOptions());
}
