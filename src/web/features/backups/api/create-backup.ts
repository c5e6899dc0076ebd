import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backupSchema } from '../../../../core/backups.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { backupKeys } from './backup-query-keys.ts';

export function createBackup() {
  return apiClient.post('/api/backups', backupSchema);
}

export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBackup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupKeys.all }),
  });
}
