import { queryOptions, useQuery } from '@tanstack/react-query';
import { myAgentStateSchema } from '../../../../core/agent-states.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { agentStateKeys } from './agent-state-query-keys.ts';

/** The signed-in assessor's state now and how far its targets and its team's have come. */
export function getMyAgentState({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get('/api/agent-state', myAgentStateSchema, { signal });
}

export function myAgentStateQueryOptions() {
  return queryOptions({
    queryKey: agentStateKeys.mine(),
    queryFn: ({ signal }) => getMyAgentState({ signal }),
  });
}

export function useMyAgentState() {
  return useQuery(myAgentStateQueryOptions());
}
