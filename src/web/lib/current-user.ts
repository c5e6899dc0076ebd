import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Me, meSchema } from '../../core/users.ts';
import { apiClient, isApiError } from './api-client.ts';

/** The one cache entry that says who is signed in: `null` when signed out. */
export const currentUserQueryKey = ['me'] as const;

/** Signed out is an answer, not a failure: a 401 resolves to `null`, anything else still throws. */
export async function getCurrentUser({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<Me | null> {
  try {
    return await apiClient.get('/api/me', meSchema, { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    staleTime: 60_000,
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
