import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PauseReasonInput, pauseReasonSchema } from '../../../../core/agent-states.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { agentStateKeys } from './agent-state-query-keys.ts';

export function createPauseReason(body: PauseReasonInput) {
  return apiClient.post('/api/pause-reasons', pauseReasonSchema, body);
}

export function useCreatePauseReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPauseReason,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentStateKeys.pauseReasons() }),
  });
}
