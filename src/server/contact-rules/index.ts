import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { createContactRulesRepository } from './contact-rules.repository.ts';
import { contactRulesRoutes } from './contact-rules.routes.ts';
import { createContactRulesService } from './contact-rules.service.ts';

/** When a lead may be called again: /api/contact-rules. */
export const contactRulesFeature: FastifyPluginAsync<FeatureOptions> = async (
  app,
  { database, unitOfWork },
) => {
  const contactRulesService = createContactRulesService({
    rules: createContactRulesRepository(database.db),
    unitOfWork,
  });
  await app.register(contactRulesRoutes, { contactRulesService });
};

export {
  type ContactRulesRepository,
  createContactRulesRepository,
} from './contact-rules.repository.ts';
