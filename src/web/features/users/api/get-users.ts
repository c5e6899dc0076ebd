import { queryOptions, useQuery } from '@tanstack/react-query';
import { userListSchema } from '../../../../core/users.ts';
import { apiClient } from '../../../lib/api-client.ts';

export const usersQueryKey = ['users'] as const;

export async function getUsers({ signal }: { signal?: AbortSignal } = {}) {
  const { users } = await apiClient.get('/api/users', userListSchema, { signal });
  return users;
}

export function usersQueryOptions() {
  return queryOptions({ queryKey: usersQueryKey, queryFn: getUsers });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
