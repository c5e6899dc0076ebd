import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInBody } from '../../../../core/auth.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';

/**
 * The sign-in schemas bring zod (about 25 kB gzipped), more than the rest of the form: they
 * load when the visitor types or sends it, so the sign-in page itself opens light.
 */
export function loadSignInSchemas() {
  return import('../../../../core/auth.ts');
}

export function signIn(body: SignInBody) {
  return apiClient.post(
    '/api/auth/sign-in/email',
    () => loadSignInSchemas().then((module) => module.signInResponseSchema),
    body,
  );
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
