import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { backupStates } from '../../core/backups.ts';
import { errorBodySchema } from '../../core/errors.ts';
import { backupState } from '../backups/index.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { type Draining, shuttingDown } from '../http/draining.ts';

/** A load balancer asks often, and must hear soon that the database stopped answering. */
const healthAnswerMs = 3_000;
// pg reads a query's own `query_timeout` (its types leave it out).
const probe = { text: 'select 1', query_timeout: healthAnswerMs };

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  /** A backup that is missing, stale or failed its verification warns without failing the check. */
  backup: z.enum(backupStates),
});

export const healthRoutes: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  backupDir: string;
  draining: Draining;
}> = async (app, { database, backupDir, draining }) => {
  app.get(
    '/api/health',
    {
      // A load balancer's checks come often from one address and must never be refused.
      config: { access: 'public', rateLimit: false },
      schema: {
        tags: ['sistema'],
        summary: 'O servidor está no ar e o banco de dados responde',
        response: { 200: healthSchema, 503: errorBodySchema },
      },
    },
    async () => {
      if (draining.active) throw shuttingDown();
      try {
        await database.pool.query(probe);
      } catch {
        throw new AppError('DATABASE_UNAVAILABLE', undefined, { 'retry-after': '5' });
      }
      const backup = (await backupState(backupDir)).state;
      return { status: 'ok' as const, database: 'ok' as const, backup };
    },
  );
};
