import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageSchema } from '../../core/auth.ts';
import { errorBodySchema } from '../../core/errors.ts';
import {
  createUserBodySchema,
  meSchema,
  updateUserBodySchema,
  userIdParamsSchema,
  userListSchema,
  userSchema,
} from '../../core/users.ts';
import type { AssessorScopeOf } from '../teams/index.ts';
import type { UserService } from './user.service.ts';

export const userRoutes: FastifyPluginAsyncZod<{
  userService: UserService;
  assessorScope: AssessorScopeOf;
}> = async (app, { userService, assessorScope }) => {
  app.get(
    '/api/me',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['usuários'],
        summary: 'O usuário da sessão',
        response: { 200: meSchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      return request.user;
    },
  );

  app.get(
    '/api/users',
    {
      config: { access: 'floor' },
      schema: {
        tags: ['usuários'],
        summary:
          'Lista os usuários; um supervisor, só os assessores das suas equipes (para filtrar e redistribuir)',
        response: { 200: userListSchema },
      },
    },
    async (request) => ({ users: await userService.list(await assessorScope(request.user)) }),
  );

  app.post(
    '/api/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['usuários'],
        summary: 'Cria um usuário; sem senha, ele recebe por e-mail um link para criá-la',
        body: createUserBodySchema,
        response: { 201: userSchema, 409: errorBodySchema, 502: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await userService.create(request.body, request.audit);
      return reply.code(201).send(user);
    },
  );

  app.patch(
    '/api/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['usuários'],
        summary: 'Altera nome, perfil, situação ou quantidade diária de um usuário',
        params: userIdParamsSchema,
        body: updateUserBodySchema,
        response: { 200: userSchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => {
      const actorId = request.user.id;
      return userService.update(request.params.id, request.body, actorId, request.audit);
    },
  );

  app.post(
    '/api/users/:id/password-reset',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['usuários'],
        summary: 'Envia ao usuário um link para criar uma nova senha',
        params: userIdParamsSchema,
        response: { 200: messageSchema, 404: errorBodySchema, 502: errorBodySchema },
      },
    },
    async (request) => {
      await userService.sendPasswordReset(request.params.id, request.audit);
      return { message: 'Link para criar uma nova senha enviado por e-mail.' };
    },
  );

  app.post(
    '/api/users/:id/unlock-sign-in',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['usuários'],
        summary: 'Libera a entrada de um usuário bloqueada por tentativas erradas',
        params: userIdParamsSchema,
        response: { 200: messageSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const user = await userService.unlockSignIn(request.params.id, request.audit);
      return { message: `Entrada de ${user.name} liberada: já pode tentar de novo.` };
    },
  );
};
