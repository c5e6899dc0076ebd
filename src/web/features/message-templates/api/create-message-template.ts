import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateMessageTemplateBody,
  messageTemplateSchema,
} from '../../../../core/message-templates.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { messageTemplateKeys } from './message-template-query-keys.ts';

export function createMessageTemplate(body: CreateMessageTemplateBody) {
  return apiClient.post('/api/message-templates', messageTemplateSchema, body);
}

export function useCreateMessageTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMessageTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageTemplateKeys.all }),
  });
}
