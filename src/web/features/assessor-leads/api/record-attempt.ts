import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RecordAttemptBody, recordAttemptResultSchema } from '../../../../core/attempts.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { attemptKeys } from '../../attempts/index.ts';
import { followUpKeys } from '../../follow-up/index.ts';
import { myLeadKeys } from './my-lead-query-keys.ts';

export interface RecordAttemptInput {
  leadId: number;
  body: RecordAttemptBody;
}

export function recordAttempt({ leadId, body }: RecordAttemptInput) {
  return apiClient.post(`/api/leads/${leadId}/attempts`, recordAttemptResultSchema, body);
}

export function useRecordAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordAttempt,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: attemptKeys.all });
      void queryClient.invalidateQueries({ queryKey: followUpKeys.all });
      // Waiting for the list keeps the buttons busy until the lead has moved.
      return queryClient.invalidateQueries({ queryKey: myLeadKeys.all });
    },
  });
}
