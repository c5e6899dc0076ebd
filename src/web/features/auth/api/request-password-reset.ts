import { useMutation } from '@tanstack/react-query';
import { type ForgotPasswordBody, messageSchema } from '../../../../core/auth.ts';
import { apiClient } from '../../../lib/api-client.ts';

/** The server answers with the same neutral message whether or not the e-mail has an account. */
export function requestPasswordReset(body: ForgotPasswordBody) {
  return apiClient.post('/api/auth/request-password-reset', messageSchema, body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
