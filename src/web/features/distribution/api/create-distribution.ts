import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type DistributionRequest,
  distributionResultSchema,
} from '../../../../core/distribution.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { myLeadKeys } from '../../assessor-leads/index.ts';
import { distributionKeys } from './distribution-query-keys.ts';

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
      void queryClient.invalidateQueries({ queryKey: myLeadKeys.all });
      return queryClient.invalidateQueries({ queryKey: distributionKeys.all });
    },
  });
}
