import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agentUserParamsSchema,
  callBodySchema,
  myAgentStateSchema,
  pauseBodySchema,
} from '../../core/agent-states.ts';
import { errorBodySchema } from '../../core/errors.ts';
import type { AssessorScopeOf } from '../teams/index.ts';
import type { AgentStateService } from './agent-state.service.ts';

const noContent = { 204: z.null().describe('Feito') };

/**
 * The presence and *Voltar* take no fields; a body is optional, and one that carries any field
 * is refused like every other route's would be.
 */
const noFieldsSchema = z.preprocess((body) => body ?? {}, z.strictObject({}));

export const agentStateRoutes: FastifyPluginAsyncZod<{
  agentStates: AgentStateService;
  assessorScope: AssessorScopeOf;
}> = async (app, { agentStates, assessorScope }) => {
  app.post(
    '/api/agent-state/presence',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['estados'],
        summary:
          'A página aberta do assessor diz que ele está ali (a cada 20 s): desconectado passa a disponível',
        body: noFieldsSchema,
        response: { ...noContent, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      await agentStates.presence(request.user);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/agent-state',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['estados'],
        summary: 'O estado do próprio usuário e o andamento das suas metas e das da sua equipe',
        response: { 200: myAgentStateSchema },
      },
    },
    async (request) => agentStates.mine(request.user),
  );

  app.post(
    '/api/agent-state/call',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['estados'],
        summary: 'Ligar (ou o link do WhatsApp) num lead da própria lista: em ligação',
        body: callBodySchema,
        response: {
          ...noContent,
          400: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await agentStates.call(request.user, request.body.leadId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/agent-state/pause',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['estados'],
        summary: 'Entra em pausa com um dos motivos ativos',
        body: pauseBodySchema,
        response: { ...noContent, 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      await agentStates.pause(request.user, request.body.reasonId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/agent-state/resume',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['estados'],
        summary: 'Voltar ao trabalho: a pausa termina',
        body: noFieldsSchema,
        response: { ...noContent, 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      await agentStates.resume(request.user);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/agent-states/:userId/end-pause',
    {
      config: { access: 'floor' },
      schema: {
        tags: ['estados'],
        summary: 'Encerra a pausa de um assessor das suas equipes',
        params: agentUserParamsSchema,
        response: { ...noContent, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const scope = await assessorScope(request.user);
      await agentStates.endPause(scope, request.params.userId, request.audit);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/agent-states/:userId/sign-out',
    {
      config: { access: 'floor' },
      schema: {
        tags: ['estados'],
        summary: 'Desconecta um assessor das suas equipes: encerra as sessões dele',
        params: agentUserParamsSchema,
        response: { ...noContent, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const scope = await assessorScope(request.user);
      await agentStates.signOut(scope, request.params.userId, request.audit);
      return reply.code(204).send(null);
    },
  );
};
