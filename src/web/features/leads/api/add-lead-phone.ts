import type { AddLeadPhoneBody } from '../../../../core/lead-phones.ts';
import { leadDetailSchema } from '../../../../core/leads.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { useLeadDetailMutation } from './lead-detail-mutation.ts';

export function addLeadPhone({ id, number }: { id: number; number: AddLeadPhoneBody }) {
  return apiClient.post(`/api/leads/${id}/phones`, leadDetailSchema, number);
}

export function useAddLeadPhone() {
  return useLeadDetailMutation(addLeadPhone);
}
