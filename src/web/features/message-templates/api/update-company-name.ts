import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CompanyNameBody,
  companyNameAnswerSchema,
} from '../../../../core/message-templates.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { messageTemplateKeys } from './message-template-query-keys.ts';

export function updateCompanyName(body: CompanyNameBody) {
  return apiClient.put('/api/message-templates/company', companyNameAnswerSchema, body);
}

export function useUpdateCompanyName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyName,
    // The name travels with the template list, which every page holding it reads again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageTemplateKeys.all }),
  });
}
