import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '../../core/dashboard.ts';
import type { DashboardService } from './dashboard.service.ts';

export const dashboardRoutes: FastifyPluginAsyncZod<{
  dashboardService: DashboardService;
}> = async (app, { dashboardService }) => {
  app.get(
    '/api/dashboard',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['dashboard'],
        summary:
          'Os números do painel: leads por status, pool restante, o dia de hoje (distribuídos, atendidos, aceitos, conversão), as ligações dos últimos 30 dias por resultado e cada assessor; dias no fuso da central (TIME_ZONE)',
        response: { 200: dashboardSchema },
      },
    },
    async () => dashboardService.read(),
  );
};
