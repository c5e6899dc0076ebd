import { useMutation } from '@tanstack/react-query';
import { messageSchema, type ResetPasswordBody } from '../../../../core/auth.ts';
import { apiClient } from '../../../lib/api-client.ts';

export function resetPassword(body: ResetPasswordBody) {
  return apiClient.post('/api/auth/reset-password', messageSchema, body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
