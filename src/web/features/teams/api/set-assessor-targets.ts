import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TargetsInput, targetsInputSchema } from '../../../../core/targets.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { teamKeys } from './team-query-keys.ts';

export interface SetAssessorTargetsInput {
  assessorId: string;
  targets: TargetsInput;
}

/** Sets an assessor's day and month targets; null is no target. */
export function setAssessorTargets({ assessorId, targets }: SetAssessorTargetsInput) {
  return apiClient.put(
    `/api/targets/assessors/${encodeURIComponent(assessorId)}`,
    targetsInputSchema,
    targets,
  );
}

export function useSetAssessorTargets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAssessorTargets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.targets }),
  });
}
