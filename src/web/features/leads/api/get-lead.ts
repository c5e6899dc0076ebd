import { queryOptions, useQuery } from '@tanstack/react-query';
import { leadDetailSchema } from '../../../../core/leads.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { leadKeys } from './lead-query-keys.ts';

export function getLead(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get(`/api/leads/${id}`, leadDetailSchema, { signal });
}

export function leadQueryOptions(id: number) {
  return queryOptions({
    queryKey: leadKeys.detail(id),
    queryFn: ({ signal }) => getLead(id, { signal }),
  });
}

export function useLead(id: number | null) {
  return useQuery({ ...leadQueryOptions(id ?? 0), enabled: id !== null });
}
