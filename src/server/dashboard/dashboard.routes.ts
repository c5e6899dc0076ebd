import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardSchema } from '../../core/dashboard.ts';
import type { AssessorScopeOf } from '../teams/index.ts';
import type { DashboardService } from './dashboard.service.ts';

/** An administrator's figures are everyone's; a supervisor's, its teams' (decision 041). */
export const dashboardRoutes: FastifyPluginAsyncZod<{
  dashboardService: DashboardService;
  assessorScope: AssessorScopeOf;
}> = async (app, { dashboardService, assessorScope }) => {
  app.get(
    '/api/dashboard',
    {
      config: { access: 'floor' },
      schema: {
        tags: ['dashboard'],
        summary:
          'Os números do painel: leads por status, leads para distribuir, leads nas listas dos assessores e retornos atrasados, o dia de hoje por hora e por origem, as ligações, os contatos e os aceites do período (range: today, yesterday, 7d, 30d; conversão = aceites ÷ contatos), os últimos 30 dias por resultado e cada assessor no período; dias no fuso da central (TIME_ZONE)',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema },
      },
    },
    async (request) =>
      dashboardService.read(request.query.range, await assessorScope(request.user)),
  );
};
