import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RecordAttemptBody, recordAttemptResultSchema } from '../../../../core/attempts.ts';
import { apiClient } from '../../../lib/api-client.ts';
import {
  attemptsQueryKey,
  followUpQueryKey,
  myLeadsQueryKey,
} from '../../../lib/live-query-keys.ts';

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
      void queryClient.invalidateQueries({ queryKey: attemptsQueryKey });
      void queryClient.invalidateQueries({ queryKey: followUpQueryKey });
      // Waiting for the list keeps the buttons busy until the lead has moved.
      return queryClient.invalidateQueries({ queryKey: myLeadsQueryKey });
    },
  });
}
