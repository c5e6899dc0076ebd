import type { FastifyPluginAsync } from 'fastify';
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
  { database, dataDir, maxBytes, unitOfWork },
) => {
  const blockListService = createBlockListService({
    blockLists: createBlockListRepository(database.db),
    unitOfWork,
  });
  await app.register(blockListRoutes, { blockListService, dataDir, maxBytes });
};
