import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { createLeadInjectionRepository } from './lead-injection.repository.ts';
import { leadInjectionRoutes } from './lead-injection.routes.ts';
import { createLeadInjectionService } from './lead-injection.service.ts';

/** Leads other systems send one by one or in batches: POST /api/leads, /api/leads/batch. */
export const leadInjectionFeature: FastifyPluginAsync<FeatureOptions> = async (
  app,
  { unitOfWork },
) => {
  const leadInjectionService = createLeadInjectionService({
    injection: createLeadInjectionRepository(),
    unitOfWork,
  });
  await app.register(leadInjectionRoutes, { leadInjectionService });
};

/** The keys' purge runs beside the HTTP server too: main.ts starts and stops it. */
export { type IdempotencyKeyPurge, startIdempotencyKeyPurge } from './idempotency-key-purge.ts';
