import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  messageTemplateSchema,
  type UpdateMessageTemplateBody,
} from '../../../../core/message-templates.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { messageTemplateKeys } from './message-template-query-keys.ts';

export interface UpdateMessageTemplateInput {
  id: number;
  body: UpdateMessageTemplateBody;
}

/** Edits a template, or archives it (`active: false`) and brings it back (`active: true`). */
export function updateMessageTemplate({ id, body }: UpdateMessageTemplateInput) {
  return apiClient.patch(`/api/message-templates/${id}`, messageTemplateSchema, body);
}

export function useUpdateMessageTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMessageTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageTemplateKeys.all }),
  });
}
