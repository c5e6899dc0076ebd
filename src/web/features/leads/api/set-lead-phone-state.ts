import type { PhoneState } from '../../../../core/lead-phones.ts';
import { leadDetailSchema } from '../../../../core/leads.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { useLeadDetailMutation } from './lead-detail-mutation.ts';

export interface SetLeadPhoneStateInput {
  id: number;
  phone: string;
  state: PhoneState;
}

export function setLeadPhoneState({ id, phone, state }: SetLeadPhoneStateInput) {
  const path = `/api/leads/${id}/phones/${encodeURIComponent(phone)}`;
  return apiClient.patch(path, leadDetailSchema, { state });
}

export function useSetLeadPhoneState() {
  return useLeadDetailMutation(setLeadPhoneState);
}
