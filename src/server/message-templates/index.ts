import type { FastifyPluginAsync } from 'fastify';
import { createUnitOfWork } from '../db/unit-of-work.ts';
import type { FeatureOptions } from '../feature.ts';
import { createMessageTemplateRepository } from './message-template.repository.ts';
import { messageTemplateRoutes } from './message-template.routes.ts';
import { createMessageTemplateService } from './message-template.service.ts';

/** WhatsApp message templates and the company's name they fill in: /api/message-templates. */
export const messageTemplatesFeature: FastifyPluginAsync<FeatureOptions> = async (
  app,
  { database },
) => {
  const templateService = createMessageTemplateService({
    templates: createMessageTemplateRepository(database.db),
    unitOfWork: createUnitOfWork(database.db, app.log),
  });
  await app.register(messageTemplateRoutes, { templateService });
};
