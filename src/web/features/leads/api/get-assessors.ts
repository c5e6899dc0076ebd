import { queryOptions, useQuery } from '@tanstack/react-query';
import { userListSchema } from '../../../../core/users.ts';
import { apiClient } from '../../../lib/api-client.ts';

/** The same call as the users page; kept under its key so both share the cache. */
const usersQueryKey = ['users'] as const;

export async function getUsers({ signal }: { signal?: AbortSignal } = {}) {
  const { users } = await apiClient.get('/api/users', userListSchema, { signal });
  return users;
}

/** Active assessors, for the filter and for reassigning leads. */
export function assessorsQueryOptions() {
  return queryOptions({
    queryKey: usersQueryKey,
    queryFn: getUsers,
    select: (users) =>
      users
        .filter((user) => user.role === 'assessor' && user.active)
        .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
  });
}

export function useAssessors() {
  return useQuery(assessorsQueryOptions());
}
