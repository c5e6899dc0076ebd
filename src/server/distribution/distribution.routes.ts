import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  distributionOverviewSchema,
  distributionRequestSchema,
  distributionResultSchema,
} from '../../core/distribution.ts';
import { errorBodySchema } from '../../core/errors.ts';
import { AppError } from '../http/app-error.ts';
import type { DistributionService } from './distribution.service.ts';

const idempotencyKeySchema = z.string().trim().min(1).max(200).optional();

export const distributionRoutes: FastifyPluginAsyncZod<{
  distributionService: DistributionService;
}> = async (app, { distributionService }) => {
  app.get(
    '/api/distributions/overview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['distributions'],
        summary:
          'Os assessores ativos com o que têm pendente e receberam hoje, e o pool disponível',
        response: { 200: distributionOverviewSchema },
      },
    },
    async () => distributionService.overview(),
  );

  app.post(
    '/api/distributions',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['distributions'],
        summary:
          'Distribui leads do pool entre os assessores numa transação; com `Idempotency-Key` repetido devolve a primeira resposta (200) sem distribuir de novo',
        body: distributionRequestSchema,
        response: {
          200: distributionResultSchema,
          201: distributionResultSchema,
          400: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeySchema.safeParse(request.headers['idempotency-key']);
      if (!key.success) {
        throw new AppError(
          'BAD_REQUEST',
          'O cabeçalho Idempotency-Key deve ter de 1 a 200 caracteres.',
        );
      }
      const { result, replayed } = await distributionService.distribute(
        request.body,
        request.user,
        key.data,
        request.audit,
      );
      return reply.code(replayed ? 200 : 201).send(result);
    },
  );
};
