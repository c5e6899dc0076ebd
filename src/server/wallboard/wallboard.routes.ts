import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wallboardSchema } from '../../core/wallboard.ts';
import type { AssessorScopeOf } from '../teams/index.ts';
import type { WallboardService } from './wallboard.service.ts';

export const wallboardRoutes: FastifyPluginAsyncZod<{
  wallboardService: WallboardService;
  assessorScope: AssessorScopeOf;
}> = async (app, { wallboardService, assessorScope }) => {
  app.get(
    '/api/wallboard',
    {
      config: { access: 'floor' },
      schema: {
        tags: ['wallboard'],
        summary:
          'O painel ao vivo: por equipe, cada assessor com o seu estado e desde quando, e as ligações, contatos, aceites, conversão (aceites ÷ contatos), TMA (Ligar → resultado), ligações por hora trabalhada e leads na lista de hoje (dia no fuso da central), com os totais e as metas do dia de cada equipe; um administrador vê todas as equipes e os assessores sem equipe, um supervisor as suas. Lido no máximo uma vez por segundo para todos os painéis abertos',
        response: { 200: wallboardSchema },
      },
    },
    async (request) => wallboardService.read(request.user.id, await assessorScope(request.user)),
  );
};
