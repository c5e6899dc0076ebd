import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { createAppMetrics, type MetricsSources } from './app-metrics.ts';
import { registerMetricsRoute } from './metrics.routes.ts';
import { createQueueLengthRepository } from './queue-length.repository.ts';

export type { MetricsSources } from './app-metrics.ts';

export interface MetricsOptions extends MetricsSources {
  database: DatabaseHandle;
  /** The event streams (GET /api/events) open now. */
  openEventStreams: () => number;
}

/**
 * Prometheus metrics: GET /metrics, and every answered request counted by its route pattern.
 * Called on the app itself before the features are registered, so that its hook sees all of
 * their routes.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions) {
  const { database, ...sources } = options;
  const metrics = createAppMetrics({
    ...sources,
    pool: database.pool,
    queueLengths: createQueueLengthRepository(database.pool),
    log: app.log,
  });
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request, reply);
    done();
  });
  registerMetricsRoute(app, metrics);
}
