import type { FastifyPluginAsync } from 'fastify';
import { apiTokenRoutes } from './api-token.routes.ts';
import type { ApiTokenService } from './api-token.service.ts';

export { createApiTokenRepository } from './api-token.repository.ts';
export type { ApiTokenService } from './api-token.service.ts';
export { createApiTokenService } from './api-token.service.ts';

/** Tokens of API for other systems (/integracoes/tokens). */
export const apiTokensFeature: FastifyPluginAsync<{ apiTokenService: ApiTokenService }> = async (
  app,
  options,
) => {
  await app.register(apiTokenRoutes, options);
};
