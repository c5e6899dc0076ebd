import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SignInBody, signInResponseSchema } from '../../../../core/auth.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';

export function signIn(body: SignInBody) {
  return apiClient.post('/api/auth/sign-in/email', signInResponseSchema, body);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => {
      // Whatever was cached belonged to the previous session; the new user is known already, no need to ask again.
      queryClient.removeQueries();
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
