import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { createLeadRepository } from './lead.repository.ts';
import { leadRoutes } from './lead.routes.ts';
import { createLeadService } from './lead.service.ts';
import { createLeadChangeRepository } from './lead-change.repository.ts';
import { createLeadExportRepository } from './lead-export.repository.ts';
import { createLeadMergeRepository } from './lead-merge.repository.ts';
import { leadMergeRoutes } from './lead-merge.routes.ts';
import { createLeadMergeService } from './lead-merge.service.ts';
import { createLeadPhonesRepository } from './lead-phones.repository.ts';
import { leadPhonesRoutes } from './lead-phones.routes.ts';
import { createLeadPhonesService } from './lead-phones.service.ts';

/** The lead list feature: /api/leads and its detail, edit, merge, bulk actions, export, summary. */
export const leadsFeature: FastifyPluginAsync<FeatureOptions> = async (
  app,
  { database, timeZone, unitOfWork, assessorScope },
) => {
  const leadChanges = createLeadChangeRepository(database.db, timeZone);
  const leads = createLeadRepository(database.db, timeZone);
  const leadService = createLeadService({
    leads,
    leadChanges,
    exports: createLeadExportRepository(database.reads, timeZone),
    unitOfWork,
  });
  await app.register(leadRoutes, { leadService, timeZone, assessorScope });
  const mergeService = createLeadMergeService({
    merges: createLeadMergeRepository(database.db),
    unitOfWork,
    detail: leadService.detail,
  });
  await app.register(leadMergeRoutes, { mergeService });
  const phonesService = createLeadPhonesService({
    phones: createLeadPhonesRepository(database.db),
    unitOfWork,
    phoneTakenByAnother: leads.phoneTakenByAnother,
    detail: leadService.detail,
  });
  await app.register(leadPhonesRoutes, { phonesService });
};

/** The server's own changes to leads run beside the HTTP server: background-jobs.ts starts them. */
export { type LeadRetentionJob, startLeadRetention } from './lead-retention.ts';
export { startOverdueCallbackReturn } from './overdue-callbacks.ts';
