import { queryOptions, useQuery } from '@tanstack/react-query';
import { importBatchListSchema } from '../../../../core/imports.ts';
import { apiClient } from '../../../lib/api-client.ts';

import { importKeys } from './import-query-keys.ts';

export async function getImports({ signal }: { signal?: AbortSignal } = {}) {
  const { batches } = await apiClient.get('/api/imports', importBatchListSchema, { signal });
  return batches;
}

export function importsQueryOptions() {
  return queryOptions({
    queryKey: importKeys.list(),
    queryFn: getImports,
    // Batches may be running in the background, started here or by another admin: keep their figures moving.
    refetchInterval: (query) =>
      query.state.data?.some((batch) => batch.status === 'queued' || batch.status === 'running')
        ? 2000
        : false,
  });
}

export function useImports() {
  return useQuery(importsQueryOptions());
}
