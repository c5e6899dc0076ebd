import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { errorBodySchema } from '../../core/errors.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';

const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
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
      try {
        await sql`select 1`.execute(database.db);
      } catch {
        throw new AppError('DATABASE_UNAVAILABLE', undefined, { 'retry-after': '5' });
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
};
