import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadDetail } from '../../../../core/leads.ts';
import { leadKeys } from './lead-query-keys.ts';

/**
 * A change to a lead whose answer is the lead as it now is: the detail is shown at once, and
 * every list, count and detail of leads is read again.
 */
export function useLeadDetailMutation<Input>(mutationFn: (input: Input) => Promise<LeadDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (updated) => {
      queryClient.setQueryData(leadKeys.detail(updated.id), updated);
      return queryClient.invalidateQueries({ queryKey: leadKeys.all });
    },
  });
}
