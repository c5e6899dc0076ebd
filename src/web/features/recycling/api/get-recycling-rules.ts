import { queryOptions, useQuery } from '@tanstack/react-query';
import { recyclingRulesSchema } from '../../../../core/recycling.ts';
import { apiClient } from '../../../lib/api-client.ts';

export const recyclingRulesQueryKey = ['recycling', 'rules'] as const;

export function getRecyclingRules({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get('/api/recycling/rules', recyclingRulesSchema, { signal });
}

export function recyclingRulesQueryOptions() {
  return queryOptions({ queryKey: recyclingRulesQueryKey, queryFn: getRecyclingRules });
}

export function useRecyclingRules(enabled = true) {
  return useQuery({ ...recyclingRulesQueryOptions(), enabled });
}
