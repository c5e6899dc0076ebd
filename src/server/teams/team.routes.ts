import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../core/errors.ts';
import {
  targetAssessorParamsSchema,
  targetListSchema,
  targetsInputSchema,
} from '../../core/targets.ts';
import {
  teamChangeSchema,
  teamIdParamsSchema,
  teamInputSchema,
  teamListSchema,
  teamSavedSchema,
} from '../../core/teams.ts';
import type { TargetService } from './target.service.ts';
import type { TeamService } from './team.service.ts';

const errors = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

export const teamRoutes: FastifyPluginAsyncZod<{
  teamService: TeamService;
  targetService: TargetService;
}> = async (app, { teamService, targetService }) => {
  app.get(
    '/api/teams',
    {
      config: { access: 'floor' },
      schema: {
        tags: ['equipes'],
        summary:
          'As equipes com seus assessores e supervisores (um supervisor vê as que supervisiona) e os assessores sem equipe',
        response: { 200: teamListSchema, 403: errorBodySchema },
      },
    },
    async (request) => teamService.list(request.user),
  );

  app.post(
    '/api/teams',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['equipes'],
        summary:
          'Cria uma equipe; um assessor que estava em outra equipe sai dela (a resposta diz quem mudou)',
        body: teamInputSchema,
        response: { 201: teamSavedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await teamService.create(request.body, request.audit)),
  );

  app.patch(
    '/api/teams/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['equipes'],
        summary:
          'Altera o nome, os assessores ou os supervisores de uma equipe (cada lista enviada substitui a atual)',
        params: teamIdParamsSchema,
        body: teamChangeSchema,
        response: { 200: teamSavedSchema, ...errors },
      },
    },
    async (request) => teamService.update(request.params.id, request.body, request.audit),
  );

  app.delete(
    '/api/teams/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['equipes'],
        summary: 'Exclui uma equipe: seus assessores ficam sem equipe e as metas dela são apagadas',
        params: teamIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await teamService.delete(request.params.id, request.audit);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/targets',
    {
      config: { access: 'floor' },
      schema: {
        tags: ['equipes'],
        summary:
          'As metas do dia e do mês das equipes e dos assessores (um supervisor vê as das suas equipes)',
        response: { 200: targetListSchema, 403: errorBodySchema },
      },
    },
    async (request) => targetService.list(request.user),
  );

  app.put(
    '/api/targets/teams/:id',
    {
      config: { access: 'floor' },
      schema: {
        tags: ['equipes'],
        summary: 'Define as metas de uma equipe (null: sem meta)',
        params: teamIdParamsSchema,
        body: targetsInputSchema,
        response: { 200: targetsInputSchema, ...errors },
      },
    },
    async (request) =>
      targetService.setForTeam(request.user, request.params.id, request.body, request.audit),
  );

  app.put(
    '/api/targets/assessors/:id',
    {
      config: { access: 'floor' },
      schema: {
        tags: ['equipes'],
        summary: 'Define as metas de um assessor (null: sem meta)',
        params: targetAssessorParamsSchema,
        body: targetsInputSchema,
        response: { 200: targetsInputSchema, ...errors },
      },
    },
    async (request) =>
      targetService.setForAssessor(request.user, request.params.id, request.body, request.audit),
  );
};
