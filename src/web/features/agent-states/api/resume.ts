import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { agentStateKeys } from './agent-state-query-keys.ts';

/** *Voltar ao trabalho*: the pause ends. */
export function resume() {
  return apiClient.post('/api/agent-state/resume', z.unknown());
}

export function useResume() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resume,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentStateKeys.all }),
  });
}
