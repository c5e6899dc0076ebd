import type { DatabaseHandle } from '../db/database.ts';
import type { WebhookDeliveryState } from '../db/integration-tables.ts';
import {
  type ClaimedDelivery,
  createWebhookDeliveryRepository,
} from './webhook-delivery.repository.ts';
import { sendWebhook } from './webhook-sender.ts';
import { onWebhookWake } from './webhook-wake.ts';

const minute = 60_000;
const hour = 60 * minute;

/** The waits between tries: the last one repeats until the day is over. */
export const defaultWebhookBackoffMs = [
  1 * minute,
  5 * minute,
  15 * minute,
  30 * minute,
  1 * hour,
  2 * hour,
  4 * hour,
  8 * hour,
] as const;

export interface WebhookWorkerOptions {
  database: DatabaseHandle;
  log?: (message: string) => void;
  /** How often due deliveries are looked for when nothing woke the worker. */
  pollMs?: number;
  /** Deliveries sent at once; never two at once to the same endpoint. */
  concurrency?: number;
  /** The most a try may take, connection and answer together. */
  timeoutMs?: number;
  backoffMs?: readonly number[];
  /** How long after it was created (or replayed) a delivery is still tried; then it failed. */
  retryForMs?: number;
  /** Delivered and failed deliveries are deleted this many days after they were created. */
  keepDays?: number;
  now?: () => Date;
}

export interface WebhookWorker {
  /** Looks for due deliveries now instead of at the next poll. */
  wake(): void;
  /** Takes no more deliveries and waits for the tries under way (at most `timeoutMs`). */
  stop(): Promise<void>;
}

/** Where a delivery stands after a failed try: due again after its backoff, or failed. */
export function afterFailure(
  delivery: Pick<ClaimedDelivery, 'attempts' | 'createdAt'>,
  now: Date,
  backoffMs: readonly number[],
  retryForMs: number,
): { state: WebhookDeliveryState; nextAttemptAt: Date } {
  const wait = backoffMs[Math.min(delivery.attempts, backoffMs.length - 1)] ?? hour;
  const nextAttemptAt = new Date(now.getTime() + wait);
  const giveUpAt = delivery.createdAt.getTime() + retryForMs;
  return nextAttemptAt.getTime() > giveUpAt
    ? { state: 'failed', nextAttemptAt: now }
    : { state: 'pending', nextAttemptAt };
}

/** The body sent: the delivery's id and event around what the outbox stored. */
export function deliveryBody(delivery: ClaimedDelivery): string {
  return JSON.stringify({
    id: delivery.id,
    event: delivery.event,
    occurredAt: delivery.payload.occurredAt ?? delivery.createdAt.toISOString(),
    data: delivery.payload.data ?? {},
  });
}

/**
 * The in-process delivery worker, beside the HTTP server and never in a request's way: it
 * polls the outbox, sends a few deliveries at once (one per endpoint, so a dead endpoint holds
 * one slot at most), logs each try and plans the next. Several servers share the outbox.
 */
export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const deliveries = createWebhookDeliveryRepository(options.database.db);
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  const concurrency = options.concurrency ?? 4;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const backoffMs = options.backoffMs ?? defaultWebhookBackoffMs;
  const retryForMs = options.retryForMs ?? 24 * hour;
  const keepMs = (options.keepDays ?? 30) * 24 * hour;
  // Longer than a try can last, so a lease runs out only when its server died.
  const leaseMs = timeoutMs + 30_000;

  const inFlight = new Map<number, Promise<void>>();
  let stopping = false;
  let filling: Promise<void> | undefined;
  let again = false;
  let lastPurge = 0;

  async function deliver(delivery: ClaimedDelivery, allowInternal: boolean) {
    const result = await sendWebhook(
      {
        id: delivery.id,
        event: delivery.event,
        body: deliveryBody(delivery),
        secret: delivery.secret,
        url: delivery.url,
      },
      { allowInternal, timeoutMs, now },
    );
    const at = now();
    const next = result.ok
      ? { state: 'delivered' as const, nextAttemptAt: at }
      : afterFailure(delivery, at, backoffMs, retryForMs);
    await deliveries.recordAttempt(delivery.id, { ...result, at, ...next });
  }

  async function fillSlots() {
    let allowInternal: boolean | undefined;
    while (!stopping && inFlight.size < concurrency) {
      const at = now();
      const delivery = await deliveries.claimNext(at, new Date(at.getTime() + leaseMs), [
        ...inFlight.keys(),
      ]);
      if (!delivery) return;
      // Read once per round: an admin's change of the setting counts from the next round.
      allowInternal ??= await deliveries.allowInternalTargets();
      const sending = deliver(delivery, allowInternal)
        .catch((error: unknown) =>
          log(`webhook: entrega ${delivery.id} não registrada: ${(error as Error).message}`),
        )
        .finally(() => {
          inFlight.delete(delivery.endpointId);
          fill();
        });
      inFlight.set(delivery.endpointId, sending);
    }
  }

  async function purge() {
    if (now().getTime() - lastPurge < hour) return;
    lastPurge = now().getTime();
    const before = new Date(now().getTime() - keepMs);
    while ((await deliveries.purgeFinished(before)) > 0 && !stopping) {}
  }

  /** One round at a time; a call during a round asks for another after it. */
  function fill() {
    if (stopping) return;
    if (filling) {
      again = true;
      return;
    }
    again = false;
    filling = fillSlots()
      .then(purge)
      .catch((error: unknown) => log(`webhook: ${(error as Error).message}`))
      .finally(() => {
        filling = undefined;
        if (again) fill();
      });
  }

  const timer = setInterval(fill, options.pollMs ?? 1000);
  timer.unref();
  const stopListening = onWebhookWake(fill);
  fill();

  return {
    wake: fill,
    async stop() {
      stopping = true;
      clearInterval(timer);
      stopListening();
      await filling;
      await Promise.all(inFlight.values());
    },
  };
}
