import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addBlockedPhoneBodySchema,
  addBlockedPhoneResultSchema,
  blockedPhoneListQuerySchema,
  blockedPhonePageSchema,
  blockedPhoneParamsSchema,
} from '../../core/do-not-call.ts';
import { errorBodySchema } from '../../core/errors.ts';
import type { DoNotCallService } from './do-not-call.service.ts';

export const doNotCallRoutes: FastifyPluginAsyncZod<{
  doNotCallService: DoNotCallService;
}> = async (app, { doNotCallService }) => {
  app.get(
    '/api/do-not-call',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['do-not-call'],
        summary:
          'Uma página dos telefones bloqueados (mais novos primeiro); `q` acha um telefone escrito de qualquer jeito',
        querystring: blockedPhoneListQuerySchema,
        response: { 200: blockedPhonePageSchema, 400: errorBodySchema },
      },
    },
    async (request) => doNotCallService.list(request.query),
  );

  app.post(
    '/api/do-not-call',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['do-not-call'],
        summary:
          'Bloqueia um telefone: os leads com ele saem de circulação (status "Não ligar", sem assessor)',
        body: addBlockedPhoneBodySchema,
        response: { 201: addBlockedPhoneResultSchema, 400: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const result = await doNotCallService.add(request.body, request.user.id, request.audit);
      return reply.code(201).send(result);
    },
  );

  app.delete(
    '/api/do-not-call/:phone',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['do-not-call'],
        summary:
          'Tira um telefone da lista de bloqueio (os leads que já saíram de circulação continuam como estão)',
        params: blockedPhoneParamsSchema,
        response: { 204: z.null(), 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await doNotCallService.remove(request.params.phone, request.audit);
      return reply.code(204).send(null);
    },
  );
};
