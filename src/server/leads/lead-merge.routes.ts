import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../core/errors.ts';
import {
  mergeCandidatesSchema,
  mergeOtherSchema,
  mergePreviewSchema,
} from '../../core/lead-merge.ts';
import { leadDetailSchema, leadIdParamsSchema } from '../../core/leads.ts';
import type { LeadMergeService } from './lead-merge.service.ts';

/** Merging two leads of one person: the candidates, the preview and the merge itself. */
export const leadMergeRoutes: FastifyPluginAsyncZod<{ mergeService: LeadMergeService }> = async (
  app,
  { mergeService },
) => {
  app.get(
    '/api/leads/:id/merge-candidates',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leads'],
        summary:
          'Os outros leads com o mesmo CPF ou um telefone em comum, que podem ser mesclados a este',
        params: leadIdParamsSchema,
        response: { 200: mergeCandidatesSchema },
      },
    },
    async (request) => mergeService.candidates(request.params.id),
  );

  app.get(
    '/api/leads/:id/merge-preview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leads'],
        summary: 'Como este lead fica se o outro (other) for mesclado a ele; nada muda',
        params: leadIdParamsSchema,
        querystring: mergeOtherSchema,
        response: {
          200: mergePreviewSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => mergeService.preview(request.params.id, request.query.other),
  );

  app.post(
    '/api/leads/:id/merge',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['leads'],
        summary:
          'Mescla o outro lead (other) a este: números, campos vazios, ligações e histórico passam para este; o outro deixa de existir',
        params: leadIdParamsSchema,
        body: mergeOtherSchema,
        response: {
          200: leadDetailSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) =>
      mergeService.merge(request.params.id, request.body.other, request.user.id, request.audit),
  );
};
