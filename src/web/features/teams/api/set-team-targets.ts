import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TargetsInput, targetsInputSchema } from '../../../../core/targets.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { teamKeys } from './team-query-keys.ts';

export interface SetTeamTargetsInput {
  teamId: number;
  targets: TargetsInput;
}

/** Sets a team's day and month targets; null is no target. */
export function setTeamTargets({ teamId, targets }: SetTeamTargetsInput) {
  return apiClient.put(`/api/targets/teams/${teamId}`, targetsInputSchema, targets);
}

export function useSetTeamTargets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTeamTargets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.targets }),
  });
}
