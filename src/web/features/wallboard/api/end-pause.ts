import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { wallboardKeys } from './wallboard-query-keys.ts';

/** A supervisor's *Encerrar pausa*: the assessor is available again. */
export function endPause(assessorId: string) {
  return apiClient.post(
    `/api/agent-states/${encodeURIComponent(assessorId)}/end-pause`,
    z.unknown(),
  );
}

export function useEndPause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endPause,
    onSettled: () => queryClient.invalidateQueries({ queryKey: wallboardKeys.all }),
  });
}
