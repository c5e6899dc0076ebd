import type { FastifyPluginAsync } from 'fastify';
import type { Auth } from '../auth/index.ts';
import { createSignInThrottleRepository } from '../auth/index.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import type { AssessorScopeOf } from '../teams/index.ts';
import { createUserRepository } from './user.repository.ts';
import { userRoutes } from './user.routes.ts';
import { createUserService } from './user.service.ts';

export interface UsersFeatureOptions {
  database: DatabaseHandle;
  unitOfWork: RunUnitOfWork;
  auth: Auth;
  appUrl: string;
  /** Forgets the sessions the server keeps: a user changed may have lost their access. */
  forgetSessions: () => void;
  /** Whose work a user reaches: a supervisor lists its teams' assessors only. */
  assessorScope: AssessorScopeOf;
}

/** /api/me and the administrators' user management: create, invite, change, deactivate. */
export const usersFeature: FastifyPluginAsync<UsersFeatureOptions> = async (
  app,
  { database, unitOfWork, auth, appUrl, forgetSessions, assessorScope },
) => {
  const userService = createUserService({
    users: createUserRepository(database.db),
    signInThrottle: createSignInThrottleRepository(database.db),
    unitOfWork,
    auth,
    appUrl,
    forgetSessions,
  });
  await app.register(userRoutes, { userService, assessorScope });
};

export { ensureFirstAdmin, type FirstAdminSettings } from './first-admin.ts';
export { createUserRepository } from './user.repository.ts';
