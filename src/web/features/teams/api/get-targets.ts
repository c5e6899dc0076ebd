import { queryOptions, useQuery } from '@tanstack/react-query';
import { targetListSchema } from '../../../../core/targets.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { teamKeys } from './team-query-keys.ts';

/** The teams' and the assessors' targets the user may see. */
export function getTargets({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get('/api/targets', targetListSchema, { signal });
}

export function targetsQueryOptions() {
  return queryOptions({ queryKey: teamKeys.targets, queryFn: getTargets });
}

export function useTargets() {
  return useQuery(targetsQueryOptions());
}
