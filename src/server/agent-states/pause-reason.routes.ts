import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pauseReasonIdParamsSchema,
  pauseReasonInputSchema,
  pauseReasonListSchema,
  pauseReasonSchema,
  pauseReasonUpdateSchema,
} from '../../core/agent-states.ts';
import { errorBodySchema } from '../../core/errors.ts';
import { AppError } from '../http/app-error.ts';
import type { PauseReasonService } from './pause-reason.service.ts';

const listQuerySchema = z.object({
  retired: z.enum(['yes', 'no'], { error: 'Use retired=yes ou retired=no.' }).optional(),
});

export const pauseReasonRoutes: FastifyPluginAsyncZod<{
  pauseReasons: PauseReasonService;
}> = async (app, { pauseReasons }) => {
  app.get(
    '/api/pause-reasons',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['estados'],
        summary:
          'Os motivos de pausa ativos; `retired=yes` traz os desativados também (só administradores)',
        querystring: listQuerySchema,
        response: { 200: pauseReasonListSchema, 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const withRetired = request.query.retired === 'yes';
      if (withRetired && request.user.role !== 'admin') {
        throw new AppError('FORBIDDEN', 'Só administradores veem os motivos desativados.');
      }
      return pauseReasons.list(withRetired);
    },
  );

  app.post(
    '/api/pause-reasons',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['estados'],
        summary: 'Cria um motivo de pausa, com um limite opcional em minutos',
        body: pauseReasonInputSchema,
        response: { 201: pauseReasonSchema, 400: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await pauseReasons.create(request.body, request.audit)),
  );

  app.patch(
    '/api/pause-reasons/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['estados'],
        summary:
          'Altera o nome ou o limite de um motivo de pausa, ou o desativa (`active: false`): motivos não são excluídos',
        params: pauseReasonIdParamsSchema,
        body: pauseReasonUpdateSchema,
        response: {
          200: pauseReasonSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => pauseReasons.update(request.params.id, request.body, request.audit),
  );
};
