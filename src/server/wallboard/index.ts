import type { FastifyPluginAsync } from 'fastify';
import type { EventHub } from '../events/index.ts';
import type { FeatureOptions } from '../feature.ts';
import { createWallboardRepository } from './wallboard.repository.ts';
import { wallboardRoutes } from './wallboard.routes.ts';
import { createWallboardService } from './wallboard.service.ts';

export interface WallboardFeatureOptions extends FeatureOptions {
  /** The process's events: a recorded call or a changed state makes the floor's snapshot stale. */
  hub: EventHub;
  /** The clock that says what today is; replaceable in tests. */
  now?: (() => number) | undefined;
  /** The least time between two readings of the floor (1,000 ms; tests read at every request). */
  refreshMs?: number | undefined;
}

/** The supervisors' live wallboard: GET /api/wallboard (/painel). */
export const wallboardFeature: FastifyPluginAsync<WallboardFeatureOptions> = async (
  app,
  { database, timeZone, assessorScope, hub, now, refreshMs },
) => {
  const wallboardService = createWallboardService({
    wallboard: createWallboardRepository(database.reads),
    timeZone,
    ...(now ? { now } : {}),
    ...(refreshMs !== undefined ? { refreshMs } : {}),
  });
  const unsubscribe = hub.subscribe((event) => wallboardService.heard(event), { stream: false });
  app.addHook('onClose', async () => unsubscribe());
  await app.register(wallboardRoutes, { wallboardService, assessorScope });
};
