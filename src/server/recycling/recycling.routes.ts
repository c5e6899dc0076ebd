import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../core/errors.ts';
import {
  recyclePreviewSchema,
  recycleResultSchema,
  recyclingRulesPatchSchema,
  recyclingRulesSchema,
} from '../../core/recycling.ts';
import type { RecyclingService } from './recycling.service.ts';

export const recyclingRoutes: FastifyPluginAsyncZod<{
  recyclingService: RecyclingService;
}> = async (app, { recyclingService }) => {
  app.post(
    '/api/reciclarleadsteste',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['recycling'],
        summary:
          'Recicla numa transação todos os leads `red` que as regras permitem: voltam ao pool como `recycled`. `message` é `not` quando não havia nada a reciclar',
        response: { 200: recycleResultSchema },
      },
    },
    async (request) => {
      return recyclingService.recycle(request.user, request.audit);
    },
  );

  app.get(
    '/api/recycling/preview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['recycling'],
        summary:
          'Quantos leads uma reciclagem moveria agora, de que status, com as regras atuais (nada muda)',
        response: { 200: recyclePreviewSchema },
      },
    },
    async () => recyclingService.preview(),
  );

  app.get(
    '/api/recycling/rules',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['recycling'],
        summary: 'As regras da reciclagem: tempo mínimo desde a recusa e máximo de reciclagens',
        response: { 200: recyclingRulesSchema },
      },
    },
    async () => recyclingService.rules(),
  );

  app.patch(
    '/api/recycling/rules',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['recycling'],
        summary: 'Altera as regras da reciclagem informadas; as outras continuam como estão',
        body: recyclingRulesPatchSchema,
        response: { 200: recyclingRulesSchema, 400: errorBodySchema },
      },
    },
    async (request) => recyclingService.updateRules(request.body),
  );
};
