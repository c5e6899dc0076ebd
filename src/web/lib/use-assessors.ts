import { queryOptions, useQuery } from '@tanstack/react-query';
import { userListSchema } from '../../core/users.ts';
import { apiClient } from './api-client.ts';

/** The same call and key as the users page, so every page shares one cache entry. */
const usersQueryKey = ['users'] as const;

async function getUsers({ signal }: { signal?: AbortSignal } = {}) {
  const { users } = await apiClient.get('/api/users', userListSchema, { signal });
  return users;
}

/** Assessors (active or not, since old call records name them too), by name, for filters. */
export function useAssessorOptions(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: usersQueryKey,
      queryFn: getUsers,
      enabled,
      select: (users) =>
        users
          .filter((user) => user.role === 'assessor')
          .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
          .map((user) => ({
            value: user.id,
            label: user.active ? user.name : `${user.name} (inativo)`,
          })),
    }),
  );
}

/** Every user, administrators too (active or not), by name, for filters such as the audit log's. */
export function useUserOptions(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: usersQueryKey,
      queryFn: getUsers,
      enabled,
      select: (users) =>
        [...users]
          .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
          .map((user) => ({
            value: user.id,
            label: user.active ? user.name : `${user.name} (inativo)`,
          })),
    }),
  );
}
