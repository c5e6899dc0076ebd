import { queryOptions, useQuery } from '@tanstack/react-query';
import { pauseReasonListSchema } from '../../../../core/agent-states.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { agentStateKeys } from './agent-state-query-keys.ts';

/** The active pause reasons; the retired ones too for an admin who asks. */
export function getPauseReasons(withRetired: boolean, { signal }: { signal?: AbortSignal } = {}) {
  const query = withRetired ? '?retired=yes' : '';
  return apiClient.get(`/api/pause-reasons${query}`, pauseReasonListSchema, { signal });
}

export function pauseReasonsQueryOptions(withRetired = false) {
  return queryOptions({
    queryKey: agentStateKeys.pauseReasonList(withRetired),
    queryFn: ({ signal }) => getPauseReasons(withRetired, { signal }),
    // Reasons change rarely: the pause menu need not ask again on every focus.
    staleTime: 60_000,
  });
}

export function usePauseReasons(withRetired = false) {
  return useQuery(pauseReasonsQueryOptions(withRetired));
}
