import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../core/errors.ts';
import {
  bulkLeadsBodySchema,
  bulkLeadsResultSchema,
  exactCountLimit,
  leadCountSchema,
  leadDetailSchema,
  leadExportQuerySchema,
  leadFilterSchema,
  leadIdParamsSchema,
  leadListQuerySchema,
  leadPageSchema,
  leadPersonalDataSchema,
  newLeadsSummarySchema,
  personalDataFileName,
  updateLeadBodySchema,
} from '../../core/leads.ts';
import { filterForAudit } from '../audit/index.ts';
import { sendSpreadsheet } from '../export/index.ts';
import type { AssessorScopeOf } from '../teams/index.ts';
import type { LeadService } from './lead.service.ts';
import { leadExportLayout } from './lead-export.ts';

/**
 * An administrator reaches every lead; a supervisor (`floor`) lists, counts, opens and exports
 * its teams' assessors' leads only, and returns them to the pool or hands them between its
 * assessors (lead-scope.ts). Correcting a lead's data, its numbers, merging two leads and the
 * LGPD file stay an administrator's: they change or show a person's data whatever team works
 * the lead, and a merge reaches a second lead that may be any team's or the pool's.
 */
export const leadRoutes: FastifyPluginAsyncZod<{
  leadService: LeadService;
  /** The call centre's zone: exports are named for its date and time. */
  timeZone: string;
  assessorScope: AssessorScopeOf;
}> = async (app, { leadService, timeZone, assessorScope }) => {
  app.get(
    '/api/leads',
    {
      config: { access: 'floor', tokenScope: 'leads:read' },
      schema: {
        tags: ['leads'],
        summary:
          'Uma página de leads (mais novos primeiro) e o cursor da próxima; um supervisor vê só os dos assessores das suas equipes',
        querystring: leadListQuerySchema,
        response: { 200: leadPageSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const { cursor, limit, sort, ...filter } = request.query;
      const scope = await assessorScope(request.user);
      return leadService.list(filter, { sort, cursor }, limit, scope);
    },
  );

  app.get(
    '/api/leads/count',
    {
      config: { access: 'floor' },
      schema: {
        tags: ['leads'],
        summary: `Quantos leads o filtro tem: exato até ${exactCountLimit}, estimado acima`,
        querystring: leadFilterSchema,
        response: { 200: leadCountSchema, 400: errorBodySchema },
      },
    },
    async (request) => leadService.count(request.query, await assessorScope(request.user)),
  );

  app.get(
    '/api/leads/new-summary',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leads'],
        summary: 'Os leads nunca usados, por lote e por origem',
        response: { 200: newLeadsSummarySchema },
      },
    },
    async () => leadService.newSummary(),
  );

  app.get(
    '/api/leads/export',
    {
      config: { access: 'floor' },
      schema: {
        tags: ['leads'],
        summary: 'Exporta os leads do filtro atual em CSV (Excel Brasil) ou XLSX',
        querystring: leadExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const scope = await assessorScope(request.user);
      await request.audit({
        action: 'export.leads',
        details: { format, filter: filterForAudit(filter) },
      });
      return sendSpreadsheet(reply, {
        format,
        timeZone,
        fileNamePrefix: 'leads',
        chunks: leadService.exportRows(filter, scope),
        layout: leadExportLayout,
      });
    },
  );

  app.post(
    '/api/leads/bulk',
    {
      config: { access: 'floor' },
      schema: {
        tags: ['leads'],
        summary:
          'Ação em massa (devolver ao pool, redistribuir, não ligar, apagar dados) em leads escolhidos ou em todo o filtro',
        body: bulkLeadsBodySchema,
        response: {
          200: bulkLeadsResultSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { target, operation } = request.body;
      const scope = await assessorScope(request.user);
      return leadService.bulk(target, operation, request.user.id, request.audit, scope);
    },
  );

  app.get(
    '/api/leads/:id',
    {
      config: { access: 'floor', tokenScope: 'leads:read' },
      schema: {
        tags: ['leads'],
        summary: 'Um lead com todo o histórico e as ligações',
        params: leadIdParamsSchema,
        response: { 200: leadDetailSchema, 404: errorBodySchema },
      },
    },
    async (request) => leadService.detail(request.params.id, await assessorScope(request.user)),
  );

  app.get(
    '/api/leads/:id/personal-data',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leads'],
        summary:
          'Tudo o que o CCA guarda sobre um lead (pedido de acesso, LGPD), como arquivo JSON para baixar',
        params: leadIdParamsSchema,
        response: { 200: leadPersonalDataSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const document = await leadService.personalData(request.params.id, new Date());
      await request.audit({
        action: 'export.personal_data',
        target: { type: 'lead', id: request.params.id },
      });
      reply.header(
        'content-disposition',
        `attachment; filename="${personalDataFileName(request.params.id)}"`,
      );
      return document;
    },
  );

  app.patch(
    '/api/leads/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leads'],
        summary: 'Corrige os dados de um lead (status e assessor mudam só por ações)',
        params: leadIdParamsSchema,
        body: updateLeadBodySchema,
        response: {
          200: leadDetailSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => leadService.update(request.params.id, request.body, request.audit),
  );
};
