import { leadDetailSchema, type UpdateLeadBody } from '../../../../core/leads.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { useLeadDetailMutation } from './lead-detail-mutation.ts';

export interface UpdateLeadInput {
  id: number;
  changes: UpdateLeadBody;
}

export function updateLead({ id, changes }: UpdateLeadInput) {
  return apiClient.patch(`/api/leads/${id}`, leadDetailSchema, changes);
}

export function useUpdateLead() {
  return useLeadDetailMutation(updateLead);
}
