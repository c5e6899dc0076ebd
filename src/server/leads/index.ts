import type { FastifyPluginAsync } from 'fastify';
import { createUnitOfWork } from '../db/unit-of-work.ts';
import type { FeatureOptions } from '../feature.ts';
import { createLeadRepository } from './lead.repository.ts';
import { leadRoutes } from './lead.routes.ts';
import { createLeadService } from './lead.service.ts';
import { createLeadChangeRepository } from './lead-change.repository.ts';

/** The lead list feature: /api/leads and its detail, edit, bulk actions, export, summary. */
export const leadsFeature: FastifyPluginAsync<FeatureOptions> = async (
  app,
  { database, timeZone },
) => {
  const leadService = createLeadService({
    leads: createLeadRepository(database.db, timeZone),
    leadChanges: createLeadChangeRepository(database.db, timeZone),
    unitOfWork: createUnitOfWork(database.db, app.log),
  });
  await app.register(leadRoutes, { leadService, timeZone });
};
