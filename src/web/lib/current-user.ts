import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '../../core/users.ts';
import { apiClient } from './api-client.ts';

/** The one cache entry that says who is signed in: `null` when signed out. */
export const currentUserQueryKey = ['me'] as const;

/**
 * Signed out is an answer, not a failure: a 401 resolves to `null`, anything else still throws.
 * Every page asks this before it shows, the sign-in page too: the user's schema, and zod with
 * it, loads only when there is a user to check.
 */
export function getCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<Me | null> {
  return apiClient.getOrNull(
    '/api/me',
    () => import('../../core/users.ts').then((module) => module.meSchema),
    401,
    { signal },
  );
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
