import { useMutation } from '@tanstack/react-query';
import { messageSchema } from '../../../../core/auth.ts';
import { apiClient } from '../../../lib/api-client.ts';

/** Mails the user a link to choose a new password; the admin never sees nor sets it. */
export function sendPasswordResetLink(userId: string) {
  return apiClient.post(
    `/api/users/${encodeURIComponent(userId)}/password-reset`,
    messageSchema,
    {},
  );
}

export function useSendPasswordResetLink() {
  return useMutation({ mutationFn: sendPasswordResetLink });
}
