import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TeamChangeBody, teamSavedSchema } from '../../../../core/teams.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { userKeys } from '../../users/index.ts';
import { teamKeys } from './team-query-keys.ts';

export interface UpdateTeamInput {
  id: number;
  changes: TeamChangeBody;
}

/** Changes a team's name or people; each list sent replaces the team's. */
export function updateTeam({ id, changes }: UpdateTeamInput) {
  return apiClient.patch(`/api/teams/${id}`, teamSavedSchema, changes);
}

export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeam,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]),
  });
}
