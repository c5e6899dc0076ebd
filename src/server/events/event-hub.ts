import pg from 'pg';
import { type AppEvent, appEventSchema, eventChannel } from '../../core/events.ts';

export type EventSubscriber = (event: AppEvent) => void;

export interface EventHub {
  /** Starts listening on the first subscriber; answers the function that unsubscribes. */
  subscribe(subscriber: EventSubscriber): () => void;
  /** Resolves once the LISTEN is in place, or after timeoutMs if the database is away. */
  whenListening(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface EventHubOptions {
  /** How to open the dedicated connection (the pool's own options are a good start). */
  connection: pg.ClientConfig;
  log?: (message: string) => void;
  minRetryMs?: number;
  maxRetryMs?: number;
}

/** The name the listening connection shows in pg_stat_activity. */
export const eventListenerApplicationName = 'cca-events';

/**
 * One LISTEN connection per server process, fanned out to every open stream of that process.
 * A pooled connection cannot hold a LISTEN (it goes back to the pool), so this one is its own.
 * When the database goes away the hub keeps its subscribers and reconnects with back-off;
 * events sent while it was away are lost, which the pages make up for by refetching on
 * reconnect.
 */
export function createEventHub(options: EventHubOptions): EventHub {
  const log = options.log ?? (() => {});
  const minRetryMs = options.minRetryMs ?? 500;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const subscribers = new Set<EventSubscriber>();
  let client: pg.Client | undefined;
  let started = false;
  let closed = false;
  let retryMs = minRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;
  let waiters: Array<(listening: boolean) => void> = [];

  function deliver(payload: string | undefined) {
    if (!payload) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const event = appEventSchema.safeParse(parsed);
    if (!event.success) return;
    for (const subscriber of subscribers) {
      try {
        subscriber(event.data);
      } catch (error) {
        log(`assinante de eventos falhou: ${(error as Error).message}`);
      }
    }
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    const delay = retryMs;
    retryMs = Math.min(retryMs * 2, maxRetryMs);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
    retryTimer.unref();
  }

  async function connect() {
    if (closed) return;
    const next = new pg.Client({
      ...options.connection,
      application_name: eventListenerApplicationName,
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = undefined;
      next.removeAllListeners('notification');
      // Keep an error listener: a late error on a dead client must not crash the process.
      next.on('error', () => {});
      void next.end().catch(() => {});
      if (!closed) {
        log(`escuta de eventos perdida${error ? `: ${error.message}` : ''}; reconectando`);
        scheduleReconnect();
      }
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => {
      if (message.channel === eventChannel) deliver(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${eventChannel}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = minRetryMs;
    for (const waiter of waiters) waiter(true);
    waiters = [];
  }

  function startConnecting() {
    connecting = connect().finally(() => {
      connecting = undefined;
    });
  }

  return {
    subscribe(subscriber) {
      subscribers.add(subscriber);
      if (!started && !closed) {
        started = true;
        startConnecting();
      }
      return () => {
        subscribers.delete(subscriber);
      };
    },
    whenListening(timeoutMs) {
      if (client) return Promise.resolve(true);
      if (closed) return Promise.resolve(false);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((waiter) => waiter !== done);
          resolve(false);
        }, timeoutMs);
        const done = (listening: boolean) => {
          clearTimeout(timer);
          resolve(listening);
        };
        waiters.push(done);
      });
    },
    async close() {
      closed = true;
      for (const waiter of waiters) waiter(false);
      waiters = [];
      await connecting?.catch(() => {});
      subscribers.clear();
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = undefined;
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => {});
        await current.end().catch(() => {});
      }
    },
  };
}
