import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../core/errors.ts';
import {
  createdWebhookSchema,
  createWebhookBodySchema,
  replayedDeliverySchema,
  updateWebhookBodySchema,
  webhookDeliveryListQuerySchema,
  webhookDeliveryPageSchema,
  webhookDeliveryParamsSchema,
  webhookEndpointSchema,
  webhookEndpointsSchema,
  webhookParamsSchema,
  webhookSettingsSchema,
} from '../../core/webhooks.ts';
import type { WebhookService } from './webhook.service.ts';

const admin = { access: 'admin' } as const;
const tags = ['webhooks'];

export const webhookRoutes: FastifyPluginAsyncZod<{ webhookService: WebhookService }> = async (
  app,
  { webhookService },
) => {
  app.get(
    '/api/webhooks',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Os destinos de webhook, com as entregas pendentes e as que falharam',
        response: { 200: webhookEndpointsSchema },
      },
    },
    async () => webhookService.list(),
  );

  app.post(
    '/api/webhooks',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Cadastra um destino de webhook; a resposta traz o segredo da assinatura, mostrado só desta vez',
        body: createWebhookBodySchema,
        response: { 201: createdWebhookSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const created = await webhookService.create(request.body, request.user.id, request.audit);
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/api/webhooks/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Altera o nome, o endereço ou os eventos de um destino, ou o ativa e desativa',
        params: webhookParamsSchema,
        body: updateWebhookBodySchema,
        response: { 200: webhookEndpointSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => webhookService.update(request.params.id, request.body, request.audit),
  );

  app.delete(
    '/api/webhooks/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Exclui um destino, com suas entregas e o registro delas',
        params: webhookParamsSchema,
        response: { 204: z.null(), 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await webhookService.remove(request.params.id, request.audit);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'As entregas de um destino, das mais novas às mais antigas, com cada tentativa (status e tempo de resposta)',
        params: webhookParamsSchema,
        querystring: webhookDeliveryListQuerySchema,
        response: { 200: webhookDeliveryPageSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => webhookService.deliveries(request.params.id, request.query),
  );

  app.post(
    '/api/webhooks/:id/ping',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Envia ao destino um evento de teste (ping)',
        params: webhookParamsSchema,
        response: {
          202: replayedDeliverySchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await webhookService.ping(request.params.id, request.audit)),
  );

  app.post(
    '/api/webhooks/deliveries/:id/replay',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Envia de novo uma entrega entregue ou que falhou, com um novo dia de tentativas; o registro das tentativas fica',
        params: webhookDeliveryParamsSchema,
        response: {
          202: replayedDeliverySchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await webhookService.replay(request.params.id, request.audit)),
  );

  app.get(
    '/api/webhooks/settings',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Se destinos na rede interna (loopback, privada, link-local) são permitidos',
        response: { 200: webhookSettingsSchema },
      },
    },
    async () => webhookService.settings(),
  );

  app.put(
    '/api/webhooks/settings',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Permite ou recusa destinos na rede interna',
        body: webhookSettingsSchema,
        response: { 200: webhookSettingsSchema, 400: errorBodySchema },
      },
    },
    async (request) => webhookService.changeSettings(request.body, request.audit),
  );
};
