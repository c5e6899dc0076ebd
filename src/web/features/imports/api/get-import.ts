import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ImportBatch, importBatchSchema } from '../../../../core/imports.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { importKeys } from './import-query-keys.ts';

export function isImportRunning(batch: ImportBatch | undefined) {
  return batch?.status === 'queued' || batch?.status === 'running';
}

export function getImport(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get(`/api/imports/${id}`, importBatchSchema, { signal });
}

/** Polled every second while the server works on the batch, then left alone. */
export function importQueryOptions(id: number) {
  return queryOptions({
    queryKey: importKeys.batch(id),
    queryFn: ({ signal }) => getImport(id, { signal }),
    refetchInterval: (query) => (isImportRunning(query.state.data) ? 1000 : false),
    staleTime: 0,
  });
}

export function useImport(id: number) {
  return useQuery(importQueryOptions(id));
}
