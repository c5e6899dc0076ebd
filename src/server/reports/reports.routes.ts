import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../core/errors.ts';
import { performanceQuerySchema, performanceReportSchema } from '../../core/reports.ts';
import { sendSpreadsheet } from '../export/index.ts';
import type { AssessorScopeOf } from '../teams/index.ts';
import type { ReportsService } from './reports.service.ts';
import { performanceExport } from './reports-export.ts';

const summary =
  'O desempenho por assessor ou por equipe num período de dias da central (no máximo 366): ligações, contatos, aceites, conversão (aceites ÷ contatos), tempo logado, pausas por motivo, TMA, ligações por hora trabalhada e ligações por resultado, com o período anterior de mesmo tamanho e as ligações por hora do dia; um supervisor vê as suas equipes';

export const reportsRoutes: FastifyPluginAsyncZod<{
  reportsService: ReportsService;
  assessorScope: AssessorScopeOf;
  /** The call centre's zone: exports are named for its date and time. */
  timeZone: string;
}> = async (app, { reportsService, assessorScope, timeZone }) => {
  app.get(
    '/api/reports/performance',
    {
      config: { access: 'floor' },
      schema: {
        tags: ['reports'],
        summary,
        querystring: performanceQuerySchema,
        response: { 200: performanceReportSchema, 400: errorBodySchema },
      },
    },
    async (request) => reportsService.performance(request.query, await assessorScope(request.user)),
  );

  for (const format of ['csv', 'xlsx'] as const) {
    app.get(
      `/api/reports/performance.${format}`,
      {
        config: { access: 'floor' },
        schema: {
          tags: ['reports'],
          summary: `Exporta o relatório de desempenho em ${format === 'csv' ? 'CSV (Excel Brasil)' : 'XLSX'}`,
          querystring: performanceQuerySchema,
        },
      },
      async (request, reply) => {
        const report = await reportsService.performance(
          request.query,
          await assessorScope(request.user),
        );
        await request.audit({
          action: 'export.performance',
          details: { format, ...request.query },
        });
        const { rows, layout } = performanceExport(report, format);
        return sendSpreadsheet(reply, {
          format,
          timeZone,
          fileNamePrefix: report.by === 'team' ? 'desempenho-equipes' : 'desempenho-assessores',
          chunks: (async function* () {
            yield rows;
          })(),
          layout,
        });
      },
    );
  }
};
