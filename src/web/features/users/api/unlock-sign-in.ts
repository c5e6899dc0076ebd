import { useMutation } from '@tanstack/react-query';
import { messageSchema } from '../../../../core/auth.ts';
import { apiClient } from '../../../lib/api-client.ts';

/** Lifts the sign-in limits of a user locked out by wrong passwords. */
export function unlockSignIn(userId: string) {
  return apiClient.post(
    `/api/users/${encodeURIComponent(userId)}/unlock-sign-in`,
    messageSchema,
    {},
  );
}

export function useUnlockSignIn() {
  return useMutation({ mutationFn: unlockSignIn });
}
