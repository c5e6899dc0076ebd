import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { createMessageTemplateRepository } from './message-template.repository.ts';
import { messageTemplateRoutes } from './message-template.routes.ts';
import { createMessageTemplateService } from './message-template.service.ts';

/** WhatsApp message templates and the company's name they fill in: /api/message-templates. */
export const messageTemplatesFeature: FastifyPluginAsync<FeatureOptions> = async (
  app,
  { database, unitOfWork },
) => {
  const templateService = createMessageTemplateService({
    templates: createMessageTemplateRepository(database.db),
    unitOfWork,
  });
  await app.register(messageTemplateRoutes, { templateService });
};
