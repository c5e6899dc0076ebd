import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { createUserRepository } from '../users/index.ts';
import { createAgentStateRepository } from './agent-state.repository.ts';
import { agentStateRoutes } from './agent-state.routes.ts';
import { type AgentStateService, createAgentStateService } from './agent-state.service.ts';
import { createPauseReasonRepository } from './pause-reason.repository.ts';
import { pauseReasonRoutes } from './pause-reason.routes.ts';
import { createPauseReasonService } from './pause-reason.service.ts';

export interface AgentStatesFeatureOptions extends FeatureOptions {
  /** Built by app.ts (createAgentStates), which gives auth's sign-out its `signedOut` too. */
  agentStates: AgentStateService;
}

/** The service of the assessors' states, one for the app. */
export function createAgentStates(
  options: Pick<FeatureOptions, 'database' | 'timeZone' | 'unitOfWork'> & {
    /** Forgets the sessions this server keeps: a supervisor's *Desconectar* ends some. */
    forgetSessions: () => void;
    now?: (() => number) | undefined;
  },
): AgentStateService {
  const { database } = options;
  const users = createUserRepository(database.db);
  return createAgentStateService({
    states: createAgentStateRepository(database.db, options.timeZone),
    reasons: createPauseReasonRepository(database.db),
    unitOfWork: options.unitOfWork,
    deleteSessions: (userId, executor) => users.deleteSessions(userId, executor),
    forgetSessions: options.forgetSessions,
    ...(options.now ? { now: options.now } : {}),
  });
}

/**
 * The assessors' states and the pause reasons: /api/agent-state (the assessor's own: presence,
 * call, pause, back), /api/agent-states/{id} (a supervisor's), /api/pause-reasons.
 */
export const agentStatesFeature: FastifyPluginAsync<AgentStatesFeatureOptions> = async (
  app,
  options,
) => {
  await app.register(agentStateRoutes, {
    agentStates: options.agentStates,
    assessorScope: options.assessorScope,
  });
  await app.register(pauseReasonRoutes, {
    pauseReasons: createPauseReasonService({
      reasons: createPauseReasonRepository(options.database.db),
      unitOfWork: options.unitOfWork,
    }),
  });
};

export { endCallSteps } from './agent-state.repository.ts';
export type { AgentStateService } from './agent-state.service.ts';
/** The quiet assessors' disconnection runs beside the HTTP server (background-jobs.ts). */
export { disconnectQuietAssessors, startQuietDisconnection } from './disconnect-quiet.ts';
