import { leadDetailSchema } from '../../../../core/leads.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { useLeadDetailMutation } from './lead-detail-mutation.ts';

export interface MergeLeadsInput {
  id: number;
  other: number;
}

export function mergeLeads({ id, other }: MergeLeadsInput) {
  return apiClient.post(`/api/leads/${id}/merge`, leadDetailSchema, { other });
}

export function useMergeLeads() {
  return useLeadDetailMutation(mergeLeads);
}
