import { queryOptions, useQuery } from '@tanstack/react-query';
import { messageTemplateListSchema } from '../../../../core/message-templates.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { messageTemplateKeys } from './message-template-query-keys.ts';

/** The active templates and the company's name; the archived ones too for an admin who asks. */
export function getMessageTemplates(
  withArchived: boolean,
  { signal }: { signal?: AbortSignal } = {},
) {
  const query = withArchived ? '?archived=yes' : '';
  return apiClient.get(`/api/message-templates${query}`, messageTemplateListSchema, { signal });
}

export function messageTemplatesQueryOptions(withArchived = false) {
  return queryOptions({
    queryKey: messageTemplateKeys.list(withArchived),
    queryFn: ({ signal }) => getMessageTemplates(withArchived, { signal }),
    // Templates change rarely: an assessor's page need not ask again on every focus.
    staleTime: 60_000,
  });
}

export function useMessageTemplates(withArchived = false) {
  return useQuery(messageTemplatesQueryOptions(withArchived));
}
