import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockListLoadResultSchema,
  blockListParamsSchema,
  blockListSourcesSchema,
} from '../../core/block-lists.ts';
import { errorBodySchema } from '../../core/errors.ts';
import { readUpload, textField } from '../http/multipart-upload.ts';
import type { BlockListService } from './block-list.service.ts';

export interface BlockListRoutesOptions {
  blockListService: BlockListService;
  dataDir: string;
  maxBytes: number;
}

export const blockListRoutes: FastifyPluginAsyncZod<BlockListRoutesOptions> = async (
  app,
  { blockListService, dataDir, maxBytes },
) => {
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024 },
  });

  app.get(
    '/api/block-lists',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['do-not-call'],
        summary: 'As listas de bloqueio externas (Procon, outros cadastros, a lista da empresa)',
        response: { 200: blockListSourcesSchema },
      },
    },
    async () => blockListService.list(),
  );

  app.post(
    '/api/block-lists',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['do-not-call'],
        summary:
          'Carrega um arquivo de telefones (CSV/TXT/XLSX; campos name e listDate): uma lista nova, ou a troca da lista de mesmo nome pela do arquivo. Os leads com um número novo na lista saem de circulação',
        consumes: ['multipart/form-data'],
        response: {
          200: blockListLoadResultSchema,
          400: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { upload, fields } = await readUpload(request, {
        directory: path.join(dataDir, 'block-lists'),
        maxBytes,
      });
      return blockListService.load(
        { name: textField(fields, 'name'), listDate: textField(fields, 'listDate') },
        upload,
        request.user.id,
        request.audit,
      );
    },
  );

  app.delete(
    '/api/block-lists/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['do-not-call'],
        summary:
          'Exclui uma lista externa: seus números deixam de bloquear (os leads já bloqueados continuam como estão)',
        params: blockListParamsSchema,
        response: { 204: z.null(), 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await blockListService.remove(request.params.id, request.audit);
      return reply.code(204).send(null);
    },
  );
};
