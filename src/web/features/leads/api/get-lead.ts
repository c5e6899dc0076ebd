import { queryOptions, useQuery } from '@tanstack/react-query';
import { leadDetailSchema } from '../../../../core/leads.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { leadsQueryKey } from './get-leads.ts';

export function leadQueryKey(id: number) {
  return [...leadsQueryKey, 'detail', id] as const;
}

export function getLead(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get(`/api/leads/${id}`, leadDetailSchema, { signal });
}

export function leadQueryOptions(id: number) {
  return queryOptions({
    queryKey: leadQueryKey(id),
    queryFn: ({ signal }) => getLead(id, { signal }),
  });
}

export function useLead(id: number | null) {
  return useQuery({ ...leadQueryOptions(id ?? 0), enabled: id !== null });
}
