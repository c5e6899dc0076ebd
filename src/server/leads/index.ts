import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { createLeadRepository } from './lead.repository.ts';
import { leadRoutes } from './lead.routes.ts';
import { createLeadService } from './lead.service.ts';

/** The lead list feature: /api/leads and its detail, edit, bulk actions, export, summary. */
export const leadsFeature: FastifyPluginAsync<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  const leadService = createLeadService({ leads: createLeadRepository(database.db) });
  await app.register(leadRoutes, { leadService });
};
