import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateUserBody, userSchema } from '../../../../core/users.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { userKeys } from './user-query-keys.ts';

/** Without a password the server e-mails the new user a link to choose one. */
export function createUser(body: CreateUserBody) {
  return apiClient.post('/api/users', userSchema, body);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    // Settled, not only succeeded: a user created whose link mail failed is listed too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
