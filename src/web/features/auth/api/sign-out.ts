import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { appRoutes } from '../../../../core/app-routes.ts';
import { messageSchema } from '../../../../core/auth.ts';
import { apiClient } from '../../../lib/api-client.ts';

export function signOut() {
  return apiClient.post('/api/auth/sign-out', messageSchema, {});
}

/** On success the cached data of the signed-out user is dropped and the sign-in page opens; on failure the user stays where they are (seed §8). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      // Dropped before navigating, so the sign-in page asks the server again and finds nobody signed in.
      queryClient.removeQueries();
      void navigate(appRoutes.login.path, { replace: true });
    },
  });
}
