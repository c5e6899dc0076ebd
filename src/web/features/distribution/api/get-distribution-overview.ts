import { queryOptions, useQuery } from '@tanstack/react-query';
import { distributionOverviewSchema } from '../../../../core/distribution.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { distributionKeys } from './distribution-query-keys.ts';

export function getDistributionOverview({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get('/api/distributions/overview', distributionOverviewSchema, { signal });
}

export function distributionOverviewQueryOptions() {
  return queryOptions({
    queryKey: distributionKeys.overview(),
    queryFn: getDistributionOverview,
  });
}

export function useDistributionOverview() {
  return useQuery(distributionOverviewQueryOptions());
}
