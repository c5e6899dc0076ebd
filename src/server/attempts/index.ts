import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { createAttemptRepository } from './attempt.repository.ts';
import { attemptRoutes } from './attempt.routes.ts';
import { createAttemptService } from './attempt.service.ts';
import { createMyLeadsRepository } from './my-leads.repository.ts';
import { createOutcomeUndoRepository } from './outcome-undo.repository.ts';

/** The assessor's day and the call records: /api/my-leads, recording calls, /api/attempts. */
export const attemptsFeature: FastifyPluginAsync<FeatureOptions> = async (
  app,
  { database, timeZone, events, assessorScope },
) => {
  const attemptService = createAttemptService({
    attempts: createAttemptRepository(database.db, timeZone, database.reads),
    myLeads: createMyLeadsRepository(database.db, timeZone),
    undos: createOutcomeUndoRepository(database.db),
    events,
  });
  await app.register(attemptRoutes, { attemptService, timeZone, assessorScope });
};

export { type CallAction, createAttemptRepository } from './attempt.repository.ts';
export { createAttemptService } from './attempt.service.ts';
export { createMyLeadsRepository } from './my-leads.repository.ts';
export { createOutcomeUndoRepository } from './outcome-undo.repository.ts';
/** The undo data's purge runs beside the HTTP server: background-jobs.ts starts and stops it. */
export { startUndoPurge } from './undo-purge.ts';
