import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  attemptExportQuerySchema,
  attemptIdParamsSchema,
  attemptListQuerySchema,
  attemptPageSchema,
  myLeadsQuerySchema,
  myLeadsSchema,
  recordAttemptBodySchema,
  recordAttemptResultSchema,
  undoAttemptResultSchema,
  undoWindowSeconds,
} from '../../core/attempts.ts';
import { errorBodySchema } from '../../core/errors.ts';
import { leadIdParamsSchema } from '../../core/leads.ts';
import { filterForAudit } from '../audit/index.ts';
import { sendSpreadsheet } from '../export/index.ts';
import type { SessionUser } from '../http/access.ts';
import { sendJsonText } from '../http/json-text.ts';
import type { AssessorScopeOf } from '../teams/index.ts';
import type { AttemptService } from './attempt.service.ts';
import { attemptExportLayout } from './attempt-export.ts';

export const attemptRoutes: FastifyPluginAsyncZod<{
  attemptService: AttemptService;
  /** The call centre's zone: exports are named for its date and time. */
  timeZone: string;
  assessorScope: AssessorScopeOf;
}> = async (app, { attemptService, timeZone, assessorScope }) => {
  /** The caller and whose calls it reaches: one small query for a supervisor, none else. */
  const callerOf = async (user: SessionUser) => ({ ...user, scope: await assessorScope(user) });

  app.get(
    '/api/my-leads',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['attempts'],
        summary:
          'Os leads de quem pede, por ordem de ligação (retornos vencidos, novas tentativas, ainda sem ligação, retornos futuros) e o progresso do dia',
        querystring: myLeadsQuerySchema,
        response: { 200: myLeadsSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await attemptService.myLeadsJson(request.user.id, request.query.limit)),
  );

  app.post(
    '/api/leads/:id/attempts',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['attempts'],
        summary: 'Registra o resultado de uma ligação num lead da própria lista',
        params: leadIdParamsSchema,
        body: recordAttemptBodySchema,
        response: {
          201: recordAttemptResultSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const result = await attemptService.record(request.user.id, request.params.id, request.body);
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/api/attempts/:id/undo',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['attempts'],
        summary: `Desfaz a última ligação de quem pede, nos ${undoWindowSeconds} segundos depois de registrada`,
        params: attemptIdParamsSchema,
        response: {
          200: undoAttemptResultSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => attemptService.undo(request.user.id, request.params.id),
  );

  app.get(
    '/api/attempts',
    {
      config: { access: 'signedIn', tokenScope: 'attempts:read' },
      schema: {
        tags: ['attempts'],
        summary: 'Uma página de ligações (mais novas primeiro); um assessor vê só as próprias',
        querystring: attemptListQuerySchema,
        response: { 200: attemptPageSchema, 400: errorBodySchema },
      },
    },
    async (request) => attemptService.list(await callerOf(request.user), request.query),
  );

  app.get(
    '/api/attempts/export',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['attempts'],
        summary: 'Exporta as ligações do filtro em CSV (Excel Brasil) ou XLSX',
        querystring: attemptExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const caller = await callerOf(request.user);
      await request.audit({
        action: 'export.attempts',
        details: { format, filter: filterForAudit(filter) },
      });
      return sendSpreadsheet(reply, {
        format,
        timeZone,
        fileNamePrefix: 'ligacoes',
        chunks: attemptService.exportRows(caller, filter),
        layout: attemptExportLayout,
      });
    },
  );
};
