import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../core/errors.ts';
import {
  addLeadPhoneBodySchema,
  leadPhoneParamsSchema,
  leadPhoneStateBodySchema,
} from '../../core/lead-phones.ts';
import { leadDetailSchema, leadIdParamsSchema } from '../../core/leads.ts';
import type { LeadPhonesService } from './lead-phones.service.ts';

const answers = {
  200: leadDetailSchema,
  400: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** An admin adds a number to a lead, or sets one of its numbers' state right. */
export const leadPhonesRoutes: FastifyPluginAsyncZod<{ phonesService: LeadPhonesService }> = async (
  app,
  { phonesService },
) => {
  app.post(
    '/api/leads/:id/phones',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leads'],
        summary: 'Acrescenta um número ao lead (o primeiro número continua o principal)',
        params: leadIdParamsSchema,
        body: addLeadPhoneBodySchema,
        response: answers,
      },
    },
    async (request) => phonesService.add(request.params.id, request.body, request.audit),
  );

  app.patch(
    '/api/leads/:id/phones/:phone',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leads'],
        summary:
          'Corrige o estado de um número do lead (válido, inválido, não ligar: este o põe na lista de bloqueio)',
        params: leadPhoneParamsSchema,
        body: leadPhoneStateBodySchema,
        response: answers,
      },
    },
    async (request) =>
      phonesService.setState(
        request.params.id,
        request.params.phone,
        request.body,
        request.user.id,
        request.audit,
      ),
  );
};
