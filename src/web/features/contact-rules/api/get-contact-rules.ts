import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactRulesAnswerSchema } from '../../../../core/contact-rules.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { contactRulesKeys } from './contact-rules-query-keys.ts';

export function getContactRules({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get('/api/contact-rules', contactRulesAnswerSchema, { signal });
}

export function contactRulesQueryOptions() {
  return queryOptions({ queryKey: contactRulesKeys.all, queryFn: getContactRules });
}

export function useContactRules() {
  return useQuery(contactRulesQueryOptions());
}
