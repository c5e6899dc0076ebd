import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BulkLeadsBody, bulkLeadsResultSchema } from '../../../../core/leads.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { leadKeys } from './lead-query-keys.ts';

export function bulkUpdateLeads(body: BulkLeadsBody) {
  return apiClient.post('/api/leads/bulk', bulkLeadsResultSchema, body);
}

export function useBulkUpdateLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateLeads,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
}
