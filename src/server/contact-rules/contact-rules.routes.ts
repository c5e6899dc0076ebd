import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactRulesAnswerSchema,
  contactRulesSchema,
  defaultContactRules,
} from '../../core/contact-rules.ts';
import { errorBodySchema } from '../../core/errors.ts';
import type { ContactRulesRepository } from './contact-rules.repository.ts';

export const contactRulesRoutes: FastifyPluginAsyncZod<{ rules: ContactRulesRepository }> = async (
  app,
  { rules },
) => {
  app.get(
    '/api/contact-rules',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['contact-rules'],
        summary:
          'As regras de nova tentativa por resultado, os limites de ligações por lead e os retornos atrasados',
        response: { 200: contactRulesAnswerSchema },
      },
    },
    async () => ({ rules: await rules.current(), defaults: defaultContactRules }),
  );

  app.put(
    '/api/contact-rules',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['contact-rules'],
        summary: 'Substitui as regras de nova tentativa, os limites e os retornos atrasados',
        body: contactRulesSchema,
        response: { 200: contactRulesAnswerSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      await rules.replace(request.body);
      const { caps, overdueCallbacks, retry } = request.body;
      await request.audit({
        action: 'contact_rules.changed',
        details: {
          perDay: caps.perDay,
          perWeek: caps.perWeek,
          overdueAfterMinutes: overdueCallbacks.afterMinutes,
          overdueReturnToPool: overdueCallbacks.returnToPool,
          maxTries: Object.fromEntries(
            Object.entries(retry).map(([key, rule]) => [key, rule.maxTries]),
          ),
        },
      });
      return { rules: request.body, defaults: defaultContactRules };
    },
  );
};
