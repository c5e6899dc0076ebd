import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client.ts';
import { wallboardKeys } from './wallboard-query-keys.ts';

/** A supervisor's *Desconectar*: the assessor is signed out of every session. */
export function signOutAssessor(assessorId: string) {
  return apiClient.post(
    `/api/agent-states/${encodeURIComponent(assessorId)}/sign-out`,
    z.unknown(),
  );
}

export function useSignOutAssessor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutAssessor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: wallboardKeys.all }),
  });
}
