import { queryOptions, useQuery } from '@tanstack/react-query';
import { type User, userListSchema } from '../../../../core/users.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { userKeys } from './user-query-keys.ts';

export async function getUsers({ signal }: { signal?: AbortSignal } = {}) {
  const { users } = await apiClient.get('/api/users', userListSchema, { signal });
  return users;
}

export function usersQueryOptions() {
  return queryOptions({ queryKey: userKeys.all, queryFn: getUsers });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}

const byName = (a: User, b: User) => a.name.localeCompare(b.name, 'pt-BR');

const asOption = (user: User) => ({
  value: user.id,
  label: user.active ? user.name : `${user.name} (inativo)`,
});

/** Active assessors, by name, for the lead filter and for reassigning leads. */
export function useAssessors() {
  return useQuery({
    ...usersQueryOptions(),
    select: (users) => users.filter((user) => user.role === 'assessor' && user.active).sort(byName),
  });
}

/** Assessors (active or not, since old call records name them too), by name, for filters. */
export function useAssessorOptions(enabled = true) {
  return useQuery({
    ...usersQueryOptions(),
    enabled,
    select: (users) =>
      users
        .filter((user) => user.role === 'assessor')
        .sort(byName)
        .map(asOption),
  });
}

/** Every user, administrators too (active or not), by name, for filters such as the audit log's. */
export function useUserOptions(enabled = true) {
  return useQuery({
    ...usersQueryOptions(),
    enabled,
    select: (users) => [...users].sort(byName).map(asOption),
  });
}

/** Active supervisors, by name, for choosing who leads a team. */
export function useSupervisorOptions(enabled = true) {
  return useQuery({
    ...usersQueryOptions(),
    enabled,
    select: (users) =>
      users
        .filter((user) => user.role === 'supervisor' && user.active)
        .sort(byName)
        .map(asOption),
  });
}
