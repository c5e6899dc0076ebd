import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client.ts';
import { currentUserQueryKey } from '../lib/current-user.ts';

/** Retrying cannot change a refusal or a missing resource; it can help with a flaky network or a busy server. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429 ? failureCount < 1 : false;
  }
  return failureCount < 1;
}

/**
 * A 401 on any other call means the session ended under our feet (expired, user deactivated,
 * signed out in another tab). Marking the user as signed out lets the layout send them to
 * the sign-in page. A wrong password also answers 401, but with its own code.
 */
function markSignedOutOnUnauthorized(queryClient: QueryClient, error: unknown): void {
  if (isApiError(error) && error.status === 401 && error.code !== 'INVALID_CREDENTIALS') {
    queryClient.setQueryData(currentUserQueryKey, null);
  }
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => markSignedOutOnUnauthorized(queryClient, error),
    }),
    mutationCache: new MutationCache({
      onError: (error) => markSignedOutOnUnauthorized(queryClient, error),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
