import { queryOptions, useQuery } from '@tanstack/react-query';
import { backupListSchema } from '../../../../core/backups.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { backupKeys } from './backup-query-keys.ts';

export function getBackups({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get('/api/backups', backupListSchema, { signal });
}

export function backupsQueryOptions() {
  return queryOptions({
    queryKey: backupKeys.list(),
    queryFn: ({ signal }) => getBackups({ signal }),
  });
}

export function useBackups() {
  return useQuery(backupsQueryOptions());
}
