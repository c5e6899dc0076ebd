import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmRegistrationBodySchema,
  followUpExportQuerySchema,
  followUpLeadSchema,
  followUpPageSchema,
  followUpQuerySchema,
} from '../../core/attempts.ts';
import { errorBodySchema } from '../../core/errors.ts';
import { leadIdParamsSchema } from '../../core/leads.ts';
import { filterForAudit } from '../audit/index.ts';
import { sendSpreadsheet } from '../export/index.ts';
import type { AssessorScopeOf } from '../teams/index.ts';
import type { FollowUpService } from './follow-up.service.ts';
import { followUpExportLayout } from './follow-up-export.ts';

export const followUpRoutes: FastifyPluginAsyncZod<{
  followUpService: FollowUpService;
  /** The call centre's zone: exports are named for its date and time. */
  timeZone: string;
  assessorScope: AssessorScopeOf;
}> = async (app, { followUpService, timeZone, assessorScope }) => {
  app.get(
    '/api/follow-up',
    {
      config: { access: 'floor' },
      schema: {
        tags: ['follow-up'],
        summary:
          'Uma página dos leads que aceitaram (status green), os aceitos mais recentes primeiro',
        querystring: followUpQuerySchema,
        response: { 200: followUpPageSchema, 400: errorBodySchema },
      },
    },
    async (request) => followUpService.list(request.query, await assessorScope(request.user)),
  );

  app.get(
    '/api/follow-up/export',
    {
      config: { access: 'floor' },
      schema: {
        tags: ['follow-up'],
        summary: 'Exporta os leads que aceitaram, do filtro atual, em CSV (Excel Brasil) ou XLSX',
        querystring: followUpExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const scope = await assessorScope(request.user);
      await request.audit({
        action: 'export.follow_up',
        details: { format, filter: filterForAudit(filter) },
      });
      return sendSpreadsheet(reply, {
        format,
        timeZone,
        fileNamePrefix: 'aceitaram',
        chunks: followUpService.exportRows(filter, scope),
        layout: followUpExportLayout,
      });
    },
  );

  app.patch(
    '/api/follow-up/:id',
    {
      config: { access: 'floor' },
      schema: {
        tags: ['follow-up'],
        summary: 'Marca ou desmarca "cadastro confirmado" num lead que aceitou',
        params: leadIdParamsSchema,
        body: confirmRegistrationBodySchema,
        response: { 200: followUpLeadSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      followUpService.confirmRegistration(
        request.params.id,
        request.body.confirmed,
        await assessorScope(request.user),
      ),
  );
};
