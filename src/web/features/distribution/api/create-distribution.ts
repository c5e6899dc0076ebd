import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type DistributionRequest,
  distributionResultSchema,
} from '../../../../core/distribution.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { distributionsQueryKey, myLeadsQueryKey } from '../../../lib/live-query-keys.ts';

export interface CreateDistributionInput {
  request: DistributionRequest;
  /** One key per confirmation: a double click or a retry replays it and assigns nothing more. */
  idempotencyKey: string;
}

export function createDistribution({ request, idempotencyKey }: CreateDistributionInput) {
  return apiClient.post('/api/distributions', distributionResultSchema, request, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useCreateDistribution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDistribution,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: myLeadsQueryKey });
      return queryClient.invalidateQueries({ queryKey: distributionsQueryKey });
    },
  });
}
