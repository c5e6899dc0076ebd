import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { createAttemptRepository } from './attempt.repository.ts';
import { attemptRoutes } from './attempt.routes.ts';
import { createAttemptService } from './attempt.service.ts';
import { createMyLeadsRepository } from './my-leads.repository.ts';
import { createOutcomeUndoRepository } from './outcome-undo.repository.ts';

const undoKeptSeconds = 60;
const undoPurgeIntervalMs = 5 * 60_000;

/** The assessor's day and the call records: /api/my-leads, recording calls, /api/attempts. */
export const attemptsFeature: FastifyPluginAsync<FeatureOptions> = async (
  app,
  { database, timeZone, events },
) => {
  const undos = createOutcomeUndoRepository(database.db);
  const attemptService = createAttemptService({
    attempts: createAttemptRepository(database.db, timeZone),
    myLeads: createMyLeadsRepository(database.db, timeZone),
    undos,
    events,
  });
  // What a call changed is kept only while it can be undone, and a little longer.
  const purge = setInterval(() => {
    undos
      .purgeUndos(undoKeptSeconds)
      .catch((error: unknown) => app.log.warn({ err: error }, 'limpeza de desfazer falhou'));
  }, undoPurgeIntervalMs);
  purge.unref();
  app.addHook('onClose', () => clearInterval(purge));
  await app.register(attemptRoutes, { attemptService, timeZone });
};
