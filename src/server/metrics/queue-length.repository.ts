import type pg from 'pg';

/** The work waiting in the database's queues, as a scrape reads it. */
export interface QueueLengths {
  importsQueued: number;
  importsRunning: number;
  /** Deliveries still to send (due or waiting for a retry), counted up to `webhookCountLimit`. */
  webhooksPending: number;
}

/**
 * A scrape must not wait on a database that stopped answering: the scraper times out first
 * (10 s by default in Prometheus) and loses the process metrics too.
 */
const scrapeQueryMs = 3_000;

/** Past this many pending deliveries the count stops: the alarm is the same, the scan bounded. */
export const webhookCountLimit = 100_000;

/**
 * Both counts read partial indexes only (migration 0002's `import_batches_unfinished_idx`,
 * 0029's `webhook_deliveries_due_idx`), so a scrape costs the unfinished work, never the
 * history; the webhook count is bounded besides.
 */
const queueLengthsQuery = `
  select
    count(*) filter (where status = 'queued')::int as "importsQueued",
    count(*) filter (where status = 'running')::int as "importsRunning",
    (select count(*) from (
      select from webhook_deliveries where state = 'pending' limit ${webhookCountLimit}
    ) pending)::int as "webhooksPending"
  from import_batches
  where status in ('queued', 'running')`;

/** pg reads a query's own `query_timeout` (its types leave it out). */
const queueLengthsStatement = { text: queueLengthsQuery, query_timeout: scrapeQueryMs };

export function createQueueLengthRepository(pool: pg.Pool) {
  return {
    async read(): Promise<QueueLengths> {
      const { rows } = await pool.query<QueueLengths>(queueLengthsStatement);
      const [lengths] = rows;
      if (!lengths) throw new Error('queue lengths: no row');
      return lengths;
    },
  };
}
export type QueueLengthRepository = ReturnType<typeof createQueueLengthRepository>;
