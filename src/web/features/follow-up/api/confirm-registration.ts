import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type FollowUpLead,
  followUpLeadSchema,
  type followUpPageSchema,
} from '../../../../core/attempts.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { followUpKeys } from './follow-up-query-keys.ts';

type FollowUpPages = InfiniteData<z.output<typeof followUpPageSchema>, string | null>;

export interface ConfirmRegistrationInput {
  leadId: number;
  confirmed: boolean;
}

export function confirmRegistration({ leadId, confirmed }: ConfirmRegistrationInput) {
  return apiClient.patch(`/api/follow-up/${leadId}`, followUpLeadSchema, { confirmed });
}

function replaceLead(
  data: FollowUpPages | undefined,
  leadId: number,
  change: (lead: FollowUpLead) => FollowUpLead,
): FollowUpPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      leads: page.leads.map((lead) => (lead.id === leadId ? change(lead) : lead)),
    })),
  };
}

/** The mark changes at once (a checkbox must answer the click); a failure puts it back. */
export function useConfirmRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmRegistration,
    onMutate: async ({ leadId, confirmed }) => {
      await queryClient.cancelQueries({ queryKey: followUpKeys.all });
      const previous = queryClient.getQueriesData<FollowUpPages>({ queryKey: followUpKeys.all });
      queryClient.setQueriesData<FollowUpPages>({ queryKey: followUpKeys.all }, (data) =>
        replaceLead(data, leadId, (lead) => ({
          ...lead,
          registrationConfirmedAt: confirmed ? new Date().toISOString() : null,
        })),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      for (const [queryKey, data] of context?.previous ?? []) {
        queryClient.setQueryData(queryKey, data);
      }
    },
    onSuccess: (updated) => {
      queryClient.setQueriesData<FollowUpPages>({ queryKey: followUpKeys.all }, (data) =>
        replaceLead(data, updated.id, () => updated),
      );
    },
    // A refetch then applies the filters again (e.g. "Não confirmado" drops the row).
    onSettled: () => queryClient.invalidateQueries({ queryKey: followUpKeys.all }),
  });
}
