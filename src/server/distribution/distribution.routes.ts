import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  distributionOverviewSchema,
  distributionRequestSchema,
  distributionResultSchema,
} from '../../core/distribution.ts';
import { errorBodySchema } from '../../core/errors.ts';
import { AppError } from '../http/app-error.ts';
import type { AssessorScopeOf } from '../teams/index.ts';
import type { DistributionService } from './distribution.service.ts';

const idempotencyKeySchema = z.string().trim().min(1).max(200).optional();

/** An administrator distributes to every assessor; a supervisor to its teams' (decision 041). */
export const distributionRoutes: FastifyPluginAsyncZod<{
  distributionService: DistributionService;
  assessorScope: AssessorScopeOf;
}> = async (app, { distributionService, assessorScope }) => {
  app.get(
    '/api/distributions/overview',
    {
      config: { access: 'floor' },
      schema: {
        tags: ['distributions'],
        summary:
          'Os assessores ativos com o que têm pendente e receberam hoje, e o pool disponível',
        response: { 200: distributionOverviewSchema },
      },
    },
    async (request) =>
      distributionService.overview(await assessorScope(request.user), request.user),
  );

  app.post(
    '/api/distributions',
    {
      config: { access: 'floor' },
      schema: {
        tags: ['distributions'],
        summary:
          'Distribui leads do pool entre os assessores numa transação; com `Idempotency-Key` repetido devolve a primeira resposta (200) sem distribuir de novo',
        body: distributionRequestSchema,
        response: {
          200: distributionResultSchema,
          201: distributionResultSchema,
          400: errorBodySchema,
          403: errorBodySchema,
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
        await assessorScope(request.user),
      );
      return reply.code(replayed ? 200 : 201).send(result);
    },
  );
};
