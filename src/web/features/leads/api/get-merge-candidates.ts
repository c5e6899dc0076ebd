import { useQuery } from '@tanstack/react-query';
import { mergeCandidatesSchema } from '../../../../core/lead-merge.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { leadKeys } from './lead-query-keys.ts';

export function getMergeCandidates(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get(`/api/leads/${id}/merge-candidates`, mergeCandidatesSchema, { signal });
}

/** The other leads of the lead's CPF; none asked for a lead without one. */
export function useMergeCandidates(id: number, hasCpf: boolean) {
  return useQuery({
    queryKey: leadKeys.mergeCandidates(id),
    queryFn: ({ signal }) => getMergeCandidates(id, { signal }),
    enabled: hasCpf,
  });
}
