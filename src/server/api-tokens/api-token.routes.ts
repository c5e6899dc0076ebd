import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiTokenListSchema,
  apiTokenParamsSchema,
  apiTokenSchema,
  createApiTokenBodySchema,
  createdApiTokenSchema,
} from '../../core/api-tokens.ts';
import { errorBodySchema } from '../../core/errors.ts';
import type { ApiTokenService } from './api-token.service.ts';

export const apiTokenRoutes: FastifyPluginAsyncZod<{ apiTokenService: ApiTokenService }> = async (
  app,
  { apiTokenService },
) => {
  app.get(
    '/api/api-tokens',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['api-tokens'],
        summary: 'Os tokens de API das integrações (sem os segredos)',
        response: { 200: apiTokenListSchema },
      },
    },
    async () => ({ tokens: await apiTokenService.list() }),
  );

  app.post(
    '/api/api-tokens',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['api-tokens'],
        summary:
          'Cria um token de API com suas permissões; o segredo vem só nesta resposta e não é guardado',
        body: createApiTokenBodySchema,
        response: { 201: createdApiTokenSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const created = await apiTokenService.create(request.body, request.user.id, request.audit);
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/api/api-tokens/:id/revoke',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['api-tokens'],
        summary: 'Revoga um token: ele deixa de funcionar na hora',
        params: apiTokenParamsSchema,
        response: { 200: apiTokenSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => apiTokenService.revoke(request.params.id, request.audit),
  );
};
