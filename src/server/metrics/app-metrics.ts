import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { createHttpMetrics } from './http-metrics.ts';
import type { QueueLengthRepository } from './queue-length.repository.ts';

/** What the process outside the app knows, handed in by main.ts. */
export interface MetricsSources {
  /** How many times the embedded PostgreSQL was started again after dying, since CCA started. */
  databaseRestarts?: () => number;
  /** Seconds since the last good backup; undefined while there is none. */
  backupAgeSeconds?: () => Promise<number | undefined>;
}

export interface AppMetricsOptions extends MetricsSources {
  pool: pg.Pool;
  queueLengths: QueueLengthRepository;
  /** The event streams (GET /api/events) open now. */
  openEventStreams: () => number;
  log: FastifyBaseLogger;
}

/**
 * One app's metrics, in a registry of its own: prom-client's global registry would be shared by
 * every app of a process (the tests run many), and would refuse a metric registered twice.
 * Gauges of things that live elsewhere (the pool, the queues) are read at scrape time.
 */
export function createAppMetrics(options: AppMetricsOptions) {
  const registry = new Registry();
  const http = createHttpMetrics(registry);
  const registers = [registry];
  const { pool } = options;

  const poolGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });
  poolGauge('cca_db_pool_max_clients', 'Connections the database pool may open.', () =>
    Number(pool.options.max),
  );
  poolGauge(
    'cca_db_pool_total_clients',
    'Connections the database pool holds open, busy or idle.',
    () => pool.totalCount,
  );
  poolGauge(
    'cca_db_pool_idle_clients',
    'Open connections of the database pool not in use.',
    () => pool.idleCount,
  );
  poolGauge(
    'cca_db_pool_waiting_requests',
    'Queries waiting for a connection of the database pool.',
    () => pool.waitingCount,
  );
  new Gauge({
    name: 'cca_event_streams_open',
    help: 'Live event streams (GET /api/events) open now.',
    registers,
    collect() {
      this.set(options.openEventStreams());
    },
  });

  const importBatches = new Gauge({
    name: 'cca_import_batches',
    help: 'Import batches not finished, by status (queued or running).',
    labelNames: ['status'],
    registers,
  });
  const webhooksPending = new Gauge({
    name: 'cca_webhook_deliveries_pending',
    help: 'Webhook deliveries still to send, due or waiting for a retry (counted up to 100000).',
    registers,
  });

  const { backupAgeSeconds, databaseRestarts } = options;
  if (backupAgeSeconds) {
    new Gauge({
      name: 'cca_backup_age_seconds',
      help: 'Seconds since the last good backup; no sample while there is none.',
      registers,
      async collect() {
        const age = await backupAgeSeconds().catch((error: unknown) => {
          options.log.warn({ err: error }, 'métricas: idade do backup não lida');
          return undefined;
        });
        if (age === undefined) this.remove();
        else this.set(age);
      },
    });
  }
  if (databaseRestarts) {
    new Counter({
      name: 'cca_embedded_postgres_restarts_total',
      help: 'Times the embedded PostgreSQL was started again after it died.',
      registers,
      collect() {
        this.reset();
        this.inc(databaseRestarts());
      },
    });
  }

  /** The queues, read in one statement before the registry is written out. */
  async function readQueues() {
    try {
      const lengths = await options.queueLengths.read();
      importBatches.set({ status: 'queued' }, lengths.importsQueued);
      importBatches.set({ status: 'running' }, lengths.importsRunning);
      webhooksPending.set(lengths.webhooksPending);
    } catch (error) {
      // No sample rather than a stale one: the database is away, which /api/health tells.
      importBatches.reset();
      webhooksPending.remove();
      options.log.warn({ err: error }, 'métricas: filas não lidas');
    }
  }

  let processMetricsStarted = false;
  return {
    observeRequest: http.observe,
    contentType: registry.contentType,

    /** The metrics in Prometheus' text format. */
    async scrape(): Promise<string> {
      // Node's own metrics start at the first scrape: they watch the garbage collector and the
      // event loop for good, which an app that is never scraped (a test's) need not pay for.
      if (!processMetricsStarted) {
        processMetricsStarted = true;
        collectDefaultMetrics({ register: registry });
      }
      await readQueues();
      return registry.metrics();
    },
  };
}
export type AppMetrics = ReturnType<typeof createAppMetrics>;
