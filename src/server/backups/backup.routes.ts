import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupListSchema, backupSchema } from '../../core/backups.ts';
import { errorBodySchema } from '../../core/errors.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import {
  BackupRunningError,
  type BackupSettings,
  backUpAndVerify,
  backupState,
} from './backup.service.ts';
import { listBackups } from './backup-folder.ts';

const publicEntry = <T extends { file: string }>({ file: _file, ...entry }: T) => entry;

export const backupRoutes: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  settings: BackupSettings;
  time: string | undefined;
}> = async (app, { database, settings, time }) => {
  app.get(
    '/api/backups',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['sistema'],
        summary: 'Os backups guardados, do mais novo ao mais antigo, e como está o último',
        response: { 200: backupListSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async () => ({
      state: (await backupState(settings.dir)).state,
      dir: settings.dir,
      time: time ?? null,
      retention: settings.retention,
      backups: (await listBackups(settings.dir)).map(publicEntry),
    }),
  );

  app.post(
    '/api/backups',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['sistema'],
        summary: 'Faz um backup agora e o verifica restaurando-o num banco de rascunho',
        response: {
          201: backupSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const backup = await backUpAndVerify(database, settings);
        request.log.info({ backup: backup.name }, 'backup feito a pedido de um administrador');
        return reply.code(201).send(publicEntry(backup));
      } catch (error) {
        if (error instanceof BackupRunningError) throw new AppError('CONFLICT', error.message);
        throw error;
      }
    },
  );
};
