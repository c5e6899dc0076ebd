import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateUserBody, type User, userSchema } from '../../../../core/users.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { userKeys } from './user-query-keys.ts';

export interface UpdateUserInput {
  id: string;
  changes: UpdateUserBody;
}

export function updateUser({ id, changes }: UpdateUserInput) {
  return apiClient.patch(`/api/users/${encodeURIComponent(id)}`, userSchema, changes);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (updated) => {
      // The answer is the saved user: show it at once, then let the list catch up with other admins' changes.
      queryClient.setQueryData<User[]>(userKeys.all, (users) =>
        users?.map((user) => (user.id === updated.id ? updated : user)),
      );
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
