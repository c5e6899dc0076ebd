import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PauseReasonUpdate, pauseReasonSchema } from '../../../../core/agent-states.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { agentStateKeys } from './agent-state-query-keys.ts';

export interface UpdatePauseReasonInput {
  id: number;
  body: PauseReasonUpdate;
}

/** Renames a reason, changes its limit, or retires it (`active: false`) and brings it back. */
export function updatePauseReason({ id, body }: UpdatePauseReasonInput) {
  return apiClient.patch(`/api/pause-reasons/${id}`, pauseReasonSchema, body);
}

export function useUpdatePauseReason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePauseReason,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentStateKeys.pauseReasons() }),
  });
}
