import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { userKeys } from '../../users/index.ts';
import { teamKeys } from './team-query-keys.ts';

/** Deletes a team: its assessors are left in no team, its targets are gone. */
export function deleteTeam(id: number) {
  return apiClient.delete(`/api/teams/${id}`);
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: teamKeys.targets }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
      ]),
  });
}
