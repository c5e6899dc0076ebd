import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ContactRules, contactRulesAnswerSchema } from '../../../../core/contact-rules.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { contactRulesKeys } from './contact-rules-query-keys.ts';

export function updateContactRules(rules: ContactRules) {
  return apiClient.put('/api/contact-rules', contactRulesAnswerSchema, rules);
}

export function useUpdateContactRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContactRules,
    onSuccess: (answer) => queryClient.setQueryData(contactRulesKeys.all, answer),
  });
}
