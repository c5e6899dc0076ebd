import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiTokenListSchema } from '../../../../core/api-tokens.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { apiTokenKeys } from './api-token-query-keys.ts';

export function getApiTokens({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get('/api/api-tokens', apiTokenListSchema, { signal });
}

export function apiTokensQueryOptions() {
  return queryOptions({
    queryKey: apiTokenKeys.list(),
    queryFn: ({ signal }) => getApiTokens({ signal }),
  });
}

export function useApiTokens() {
  return useQuery(apiTokensQueryOptions());
}
