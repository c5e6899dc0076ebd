import { type Kysely, sql } from 'kysely';
import type { WebhookDeliveryState } from '../db/integration-tables.ts';
import type { Database } from '../db/schema.ts';
import { internalTargetsAllowed } from './webhook.repository.ts';

/** A delivery taken by a worker: what it needs to send it. */
export interface ClaimedDelivery {
  id: number;
  endpointId: number;
  event: string;
  payload: { occurredAt?: string; data?: unknown };
  /** Tries made before this one. */
  attempts: number;
  createdAt: Date;
  url: string;
  secret: string;
}

export interface AttemptOutcome {
  at: Date;
  status: number | null;
  durationMs: number;
  error: string | null;
  state: WebhookDeliveryState;
  nextAttemptAt: Date;
}

/** What the delivery worker reads and writes: the due deliveries, their tries, old ones. */
export function createWebhookDeliveryRepository(db: Kysely<Database>) {
  return {
    allowInternalTargets: () => internalTargetsAllowed(db),

    /**
     * Takes the next due delivery of an active endpoint not in `busyEndpoints`, and leases it
     * until `leaseUntil` by moving its next try there: another worker (this server's or
     * another's) skips it while it is being sent, and takes it again only if this one died.
     */
    async claimNext(
      now: Date,
      leaseUntil: Date,
      busyEndpoints: number[],
    ): Promise<ClaimedDelivery | undefined> {
      const result = await sql<ClaimedDelivery>`
        update webhook_deliveries d set next_attempt_at = ${leaseUntil}
        from (
          select due.id from webhook_deliveries due
          join webhook_endpoints e on e.id = due.endpoint_id
          where due.state = 'pending' and due.next_attempt_at <= ${now} and e.active
            and due.endpoint_id <> all (${busyEndpoints}::bigint[])
          order by due.next_attempt_at
          limit 1
          for update of due skip locked
        ) due, webhook_endpoints e
        where d.id = due.id and e.id = d.endpoint_id
        returning d.id::int, d.endpoint_id::int as "endpointId", d.event, d.payload, d.attempts,
          d.created_at as "createdAt", e.url, e.secret
      `.execute(db);
      return result.rows[0];
    },

    /**
     * Logs a try and sets where the delivery stands after it. Nothing when the delivery is
     * gone (its endpoint was deleted while it was being sent).
     */
    async recordAttempt(id: number, outcome: AttemptOutcome): Promise<void> {
      await sql`
        with tried as (
          update webhook_deliveries
          set attempts = attempts + 1, state = ${outcome.state},
            next_attempt_at = ${outcome.nextAttemptAt},
            delivered_at = case when ${outcome.state} = 'delivered' then ${outcome.at}::timestamptz end,
            last_status = ${outcome.status}, last_duration_ms = ${outcome.durationMs},
            last_error = ${outcome.error}
          where id = ${id} and state = 'pending'
          returning id, attempts
        )
        insert into webhook_delivery_attempts (delivery_id, attempt, at, status, duration_ms, error)
        select id, attempts, ${outcome.at}, ${outcome.status}, ${outcome.durationMs},
          ${outcome.error}
        from tried
        on conflict do nothing
      `.execute(db);
    },

    /** Deletes deliveries done with (delivered or given up on) before `before`, a slice at a time. */
    async purgeFinished(before: Date, limit = 5000): Promise<number> {
      const result = await sql`
        delete from webhook_deliveries where id in (
          select id from webhook_deliveries
          where state <> 'pending' and created_at < ${before}
          limit ${limit}
        )
      `.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}
export type WebhookDeliveryRepository = ReturnType<typeof createWebhookDeliveryRepository>;
