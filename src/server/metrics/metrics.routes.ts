import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from './app-metrics.ts';

/**
 * GET /metrics, for Prometheus: from the server's own machine, or with a token of the
 * `metrics:read` scope. Outside /api and the OpenAPI document: it is for the operator's
 * monitoring, not for integrations, and answers text, not JSON.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: AppMetrics) {
  app.get(
    '/metrics',
    {
      // A scraper calls every few seconds from one address and must never be refused.
      config: { access: 'local', tokenScope: 'metrics:read', rateLimit: false },
      schema: { hide: true },
    },
    async (_request, reply) => {
      const body = await metrics.scrape();
      return reply.type(metrics.contentType).send(body);
    },
  );
}
