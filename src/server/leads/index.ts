import type { FastifyPluginAsync } from 'fastify';
import { createContactRulesRepository } from '../contact-rules/contact-rules.repository.ts';
import { createUnitOfWork } from '../db/unit-of-work.ts';
import type { FeatureOptions } from '../feature.ts';
import { createLeadRepository } from './lead.repository.ts';
import { leadRoutes } from './lead.routes.ts';
import { createLeadService } from './lead.service.ts';
import { createLeadChangeRepository } from './lead-change.repository.ts';
import { overdueCallbackCheckMs, returnOverdueCallbacks } from './overdue-callbacks.ts';

/**
 * The lead list feature: /api/leads and its detail, edit, bulk actions, export, summary; and
 * the overdue call-backs given back to the pool when the contact rules say so.
 */
export const leadsFeature: FastifyPluginAsync<FeatureOptions> = async (
  app,
  { database, timeZone },
) => {
  const leadChanges = createLeadChangeRepository(database.db, timeZone);
  const leadService = createLeadService({
    leads: createLeadRepository(database.db, timeZone),
    leadChanges,
    unitOfWork: createUnitOfWork(database.db, app.log),
  });
  await app.register(leadRoutes, { leadService, timeZone });

  const contactRules = createContactRulesRepository(database.db);
  const overdue = setInterval(() => {
    returnOverdueCallbacks(leadChanges, contactRules).catch((error: unknown) =>
      app.log.warn({ err: error }, 'devolução de retornos atrasados falhou'),
    );
  }, overdueCallbackCheckMs);
  overdue.unref();
  app.addHook('onClose', () => clearInterval(overdue));
};
