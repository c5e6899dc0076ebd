import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../core/errors.ts';
import {
  idempotencyKeyHeaderSchema,
  injectedLeadSchema,
  injectionResultSchema,
  injectLeadsBodySchema,
  injectLeadsResultSchema,
} from '../../core/lead-injection.ts';
import { AppError } from '../http/app-error.ts';
import type {
  Idempotency,
  InjectionAnswer,
  LeadInjectionService,
} from './lead-injection.service.ts';

/** The key of a request that has one, with what the request asked, to tell a retry apart. */
function idempotencyOf(request: FastifyRequest): Idempotency | undefined {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') return undefined;
  const requestHash = createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url}\n${JSON.stringify(request.body)}`)
    .digest('hex');
  return { key: key.trim(), requestHash };
}

function send<T>(reply: FastifyReply, answer: InjectionAnswer<T>) {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.statusCode).send(answer.body);
}

const summary =
  'Normalizados, checados, bloqueados e deduplicados como as linhas de uma importação; ' +
  'com origem = o nome do token. `externalId` e o cabeçalho `Idempotency-Key` tornam o envio idempotente.';

export const leadInjectionRoutes: FastifyPluginAsyncZod<{
  leadInjectionService: LeadInjectionService;
}> = async (app, { leadInjectionService }) => {
  const integrationOf = (request: FastifyRequest) => {
    const token = request.apiToken;
    if (!token) throw new AppError('UNAUTHENTICATED');
    return { tokenId: token.id, name: token.name };
  };

  app.post(
    '/api/leads',
    {
      config: { access: 'token', tokenScope: 'leads:write' },
      schema: {
        tags: ['integrations'],
        summary: `Inclui um lead enviado por outro sistema. ${summary}`,
        description:
          '201 quando o lead foi criado; 200 quando já existia (mesmo `externalId`), é duplicado ' +
          'ou está bloqueado; 400 quando é recusado, com o motivo.',
        headers: idempotencyKeyHeaderSchema,
        body: injectedLeadSchema,
        response: {
          200: injectionResultSchema,
          201: injectionResultSchema,
          400: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await leadInjectionService.inject(
        [request.body],
        integrationOf(request),
        idempotencyOf(request),
        request.audit,
        ({ results: [result] }) => {
          if (!result) throw new AppError('INTERNAL');
          if (result.result === 'rejected') {
            throw new AppError('BAD_REQUEST', result.message ?? undefined);
          }
          return { statusCode: result.result === 'created' ? 201 : 200, body: result };
        },
      );
      return send(reply, answer);
    },
  );

  app.post(
    '/api/leads/batch',
    {
      config: { access: 'token', tokenScope: 'leads:write' },
      schema: {
        tags: ['integrations'],
        summary: `Inclui até 1000 leads de uma vez, cada um com o seu resultado. ${summary}`,
        headers: idempotencyKeyHeaderSchema,
        body: injectLeadsBodySchema,
        response: { 200: injectLeadsResultSchema, 400: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const answer = await leadInjectionService.inject(
        request.body.leads,
        integrationOf(request),
        idempotencyOf(request),
        request.audit,
        (result) => ({ statusCode: 200, body: result }),
      );
      return send(reply, answer);
    },
  );
};
