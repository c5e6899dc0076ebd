import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RecyclingRulesPatch, recyclingRulesSchema } from '../../../../core/recycling.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { recyclingKeys } from './recycling-query-keys.ts';

export function updateRecyclingRules(patch: RecyclingRulesPatch) {
  return apiClient.patch('/api/recycling/rules', recyclingRulesSchema, patch);
}

export function useUpdateRecyclingRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecyclingRules,
    onSuccess: (rules) => {
      queryClient.setQueryData(recyclingKeys.rules(), rules);
      // Other rules, another count.
      return queryClient.invalidateQueries({ queryKey: recyclingKeys.preview() });
    },
  });
}
