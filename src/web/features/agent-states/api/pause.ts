import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { PauseBody } from '../../../../core/agent-states.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { agentStateKeys } from './agent-state-query-keys.ts';

export function pause(body: PauseBody) {
  return apiClient.post('/api/agent-state/pause', z.unknown(), body);
}

export function usePause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pause,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentStateKeys.all }),
  });
}
