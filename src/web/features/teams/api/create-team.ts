import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TeamInputBody, teamSavedSchema } from '../../../../core/teams.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { userKeys } from '../../users/index.ts';
import { teamKeys } from './team-query-keys.ts';

/** Creates a team; the answer names the assessors it took from other teams. */
export function createTeam(body: TeamInputBody) {
  return apiClient.post('/api/teams', teamSavedSchema, body);
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        // The users' list shows each assessor's team.
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]),
  });
}
