import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuerySchema, auditPageSchema } from '../../core/audit.ts';
import { errorBodySchema } from '../../core/errors.ts';
import type { AuditService } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod<{ auditService: AuditService }> = async (
  app,
  { auditService },
) => {
  app.get(
    '/api/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['auditoria'],
        summary:
          'Uma página do registro de auditoria (mais novos primeiro): entradas, acessos negados, usuários, importações, distribuições, reciclagens, exportações e dados apagados. Filtros: ação, usuário, período (dias de São Paulo)',
        querystring: auditListQuerySchema,
        response: {
          200: auditPageSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request) => auditService.list(request.query),
  );
};
