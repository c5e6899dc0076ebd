import { queryOptions, useQuery } from '@tanstack/react-query';
import { recyclingRulesSchema } from '../../../../core/recycling.ts';
import { apiClient } from '../../../lib/api-client.ts';

import { recyclingKeys } from './recycling-query-keys.ts';

export function getRecyclingRules({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get('/api/recycling/rules', recyclingRulesSchema, { signal });
}

export function recyclingRulesQueryOptions() {
  return queryOptions({ queryKey: recyclingKeys.rules(), queryFn: getRecyclingRules });
}

export function useRecyclingRules(enabled = true) {
  return useQuery({ ...recyclingRulesQueryOptions(), enabled });
}
