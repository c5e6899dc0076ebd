import type { FastifyPluginAsync } from 'fastify';
import { createUnitOfWork } from '../db/unit-of-work.ts';
import type { FeatureOptions } from '../feature.ts';
import { createBlockListRepository } from './block-list.repository.ts';
import { blockListRoutes } from './block-list.routes.ts';
import { createBlockListService } from './block-list.service.ts';

export interface BlockListsFeatureOptions extends FeatureOptions {
  dataDir: string;
  /** The largest file accepted, as for lead imports. */
  maxBytes: number;
}

/** External do-not-call lists (/leads/listas-bloqueio): /api/block-lists. */
export const blockListsFeature: FastifyPluginAsync<BlockListsFeatureOptions> = async (
  app,
  { database, dataDir, maxBytes },
) => {
  const blockListService = createBlockListService({
    blockLists: createBlockListRepository(database.db),
    unitOfWork: createUnitOfWork(database.db, app.log),
  });
  await app.register(blockListRoutes, { blockListService, dataDir, maxBytes });
};
