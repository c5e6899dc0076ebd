import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../core/errors.ts';
import {
  companyNameAnswerSchema,
  companyNameBodySchema,
  createMessageTemplateBodySchema,
  messageTemplateIdParamsSchema,
  messageTemplateListQuerySchema,
  messageTemplateListSchema,
  messageTemplateSchema,
  updateMessageTemplateBodySchema,
} from '../../core/message-templates.ts';
import { AppError } from '../http/app-error.ts';
import type { MessageTemplateService } from './message-template.service.ts';

export const messageTemplateRoutes: FastifyPluginAsyncZod<{
  templateService: MessageTemplateService;
}> = async (app, { templateService }) => {
  app.get(
    '/api/message-templates',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['message-templates'],
        summary:
          'Os modelos de mensagem de WhatsApp ativos e o nome da empresa; `archived=yes` traz os arquivados também (só administradores)',
        querystring: messageTemplateListQuerySchema,
        response: { 200: messageTemplateListSchema, 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const withArchived = request.query.archived === 'yes';
      if (withArchived && request.user.role !== 'admin') {
        throw new AppError('FORBIDDEN', 'Só administradores veem os modelos arquivados.');
      }
      return templateService.list(withArchived);
    },
  );

  app.post(
    '/api/message-templates',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['message-templates'],
        summary:
          'Cria um modelo de mensagem de WhatsApp (variáveis: {nome}, {assessor}, {empresa})',
        body: createMessageTemplateBodySchema,
        response: { 201: messageTemplateSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await templateService.create(request.body, request.audit)),
  );

  app.patch(
    '/api/message-templates/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['message-templates'],
        summary:
          'Altera o nome ou o texto de um modelo, ou o arquiva (`active: false`) e o reativa (`active: true`)',
        params: messageTemplateIdParamsSchema,
        body: updateMessageTemplateBodySchema,
        response: { 200: messageTemplateSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => templateService.update(request.params.id, request.body, request.audit),
  );

  app.get(
    '/api/message-templates/company',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['message-templates'],
        summary: 'O nome da empresa que preenche {empresa} (vazio até um administrador informá-lo)',
        response: { 200: companyNameAnswerSchema },
      },
    },
    async () => templateService.companyName(),
  );

  app.put(
    '/api/message-templates/company',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['message-templates'],
        summary: 'Muda o nome da empresa que preenche {empresa}',
        body: companyNameBodySchema,
        response: { 200: companyNameAnswerSchema, 400: errorBodySchema },
      },
    },
    async (request) => templateService.setCompanyName(request.body, request.audit),
  );
};
