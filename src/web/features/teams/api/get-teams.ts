import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamListSchema } from '../../../../core/teams.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { teamKeys } from './team-query-keys.ts';

/** The teams with their people, and the active assessors in none (for an admin). */
export function getTeams({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get('/api/teams', teamListSchema, { signal });
}

export function teamsQueryOptions() {
  return queryOptions({ queryKey: teamKeys.all, queryFn: getTeams });
}

export function useTeams() {
  return useQuery(teamsQueryOptions());
}
