import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../core/errors.ts';
import {
  importBatchListSchema,
  importBatchSchema,
  importIdParamsSchema,
  importPreviewSchema,
} from '../../core/imports.ts';
import { readUpload, textField } from '../http/multipart-upload.ts';
import type { ImportService } from './import.service.ts';
import { uploadsDirectory } from './import-files.ts';

export interface ImportRoutesOptions {
  importService: ImportService;
  dataDir: string;
  importMaxBytes: number;
}

const errors = {
  400: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
};

export const importRoutes: FastifyPluginAsyncZod<ImportRoutesOptions> = async (app, options) => {
  await app.register(multipart, {
    limits: { fileSize: options.importMaxBytes, files: 1, fields: 10, fieldSize: 1024 * 1024 },
  });
  const imports = options.importService;

  const readImportUpload = (request: FastifyRequest) =>
    readUpload(request, {
      directory: uploadsDirectory(options.dataDir),
      maxBytes: options.importMaxBytes,
    });

  app.post(
    '/api/imports/preview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['importação'],
        summary: 'Lê o início de um arquivo: formato, colunas, mapeamento sugerido e 20 linhas',
        consumes: ['multipart/form-data'],
        response: { 200: importPreviewSchema, ...errors },
      },
    },
    async (request) => {
      const { upload } = await readImportUpload(request);
      return imports.preview(upload);
    },
  );

  app.post(
    '/api/imports',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['importação'],
        summary:
          'Envia um arquivo (file e legalBasis, a base legal LGPD; opcionais mapping em JSON, source, fillEmptyFields) e o põe na fila',
        consumes: ['multipart/form-data'],
        response: { 202: z.object({ id: z.number().int() }), ...errors },
      },
    },
    async (request, reply) => {
      const { upload, fields } = await readImportUpload(request);
      const id = await imports.start(
        {
          upload,
          mapping: textField(fields, 'mapping'),
          source: textField(fields, 'source'),
          legalBasis: textField(fields, 'legalBasis'),
          fillEmptyFields: textField(fields, 'fillEmptyFields'),
          createdBy: request.user.id,
        },
        request.audit,
      );
      return reply.code(202).send({ id });
    },
  );

  app.get(
    '/api/imports',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['importação'],
        summary: 'As 100 importações mais recentes',
        response: { 200: importBatchListSchema },
      },
    },
    async () => ({ batches: await imports.list() }),
  );

  app.get(
    '/api/imports/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['importação'],
        summary: 'Situação, progresso e contagens de uma importação',
        params: importIdParamsSchema,
        response: { 200: importBatchSchema, 404: errorBodySchema },
      },
    },
    async (request) => imports.get(request.params.id),
  );

  const rowLists = [
    ['rejections', 'rejected', 'As linhas rejeitadas, com o motivo de cada uma (CSV para o Excel)'],
    [
      'warnings',
      'warnings',
      'As linhas importadas com avisos, com o que mudou em cada uma (CSV para o Excel)',
    ],
  ] as const;
  for (const [path, list, summary] of rowLists) {
    app.get(
      `/api/imports/:id/${path}.csv`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['importação'],
          summary,
          params: importIdParamsSchema,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const { fileName, body } = await imports.rowsCsv(request.params.id, list);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(body);
      },
    );
  }

  app.post(
    '/api/imports/:id/undo',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['importação'],
        summary: 'Desfaz uma importação cujos leads ainda estão todos como novos',
        params: importIdParamsSchema,
        response: { 200: importBatchSchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => imports.undo(request.params.id, request.audit),
  );
};

/** A text field of the form as the multipart library parsed it; sent twice, the last counts. */
