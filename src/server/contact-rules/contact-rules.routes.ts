import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactRulesAnswerSchema, contactRulesSchema } from '../../core/contact-rules.ts';
import { errorBodySchema } from '../../core/errors.ts';
import type { ContactRulesService } from './contact-rules.service.ts';

export const contactRulesRoutes: FastifyPluginAsyncZod<{
  contactRulesService: ContactRulesService;
}> = async (app, { contactRulesService }) => {
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
    async () => contactRulesService.current(),
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
    async (request) => contactRulesService.replace(request.body, request.audit),
  );
};
