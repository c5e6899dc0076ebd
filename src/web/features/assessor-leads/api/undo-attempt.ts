import { useMutation, useQueryClient } from '@tanstack/react-query';
import { undoAttemptResultSchema } from '../../../../core/attempts.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { attemptKeys } from '../../attempts/index.ts';
import { followUpKeys } from '../../follow-up/index.ts';
import { myLeadKeys } from './my-lead-query-keys.ts';

export function undoAttempt(attemptId: number) {
  return apiClient.post(`/api/attempts/${attemptId}/undo`, undoAttemptResultSchema);
}

export function useUndoAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoAttempt,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: attemptKeys.all });
      void queryClient.invalidateQueries({ queryKey: followUpKeys.all });
      return queryClient.invalidateQueries({ queryKey: myLeadKeys.all });
    },
  });
}
