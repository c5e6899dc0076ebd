import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import type { AssessorScopeOf } from './assessor-scope.ts';
import { createTargetRepository } from './target.repository.ts';
import { createTargetService } from './target.service.ts';
import { createTeamRepository } from './team.repository.ts';
import { teamRoutes } from './team.routes.ts';
import { createTeamService } from './team.service.ts';

/**
 * What the teams feature is given (a part of FeatureOptions, named here: feature.ts reads the
 * assessor scope from this folder, so importing it back would close a circle).
 */
export interface TeamsFeatureOptions {
  database: DatabaseHandle;
  unitOfWork: RunUnitOfWork;
  assessorScope: AssessorScopeOf;
}

/** Teams of assessors, their supervisors and the targets of both: /api/teams, /api/targets. */
export const teamsFeature: FastifyPluginAsync<TeamsFeatureOptions> = async (
  app,
  { database, unitOfWork, assessorScope },
) => {
  const teams = createTeamRepository(database.db);
  const teamService = createTeamService({ teams, unitOfWork });
  const targetService = createTargetService({
    targets: createTargetRepository(database.db),
    teams,
    assessorScope,
    unitOfWork,
  });
  await app.register(teamRoutes, { teamService, targetService });
};

export {
  type AssessorScope,
  type AssessorScopeOf,
  createAssessorScope,
  scopeHolds,
  scopeIds,
} from './assessor-scope.ts';
