import pg from 'pg';

export type NotificationHandler = (payload: string | undefined) => void;
/** Told `true` once every LISTEN is in place, `false` when the connection is lost. */
export type ListeningHandler = (listening: boolean) => void;

export interface NotificationListener {
  /** Listens on `channel` (connecting on the first call); answers the function that stops. */
  listen(channel: string, handler: NotificationHandler): () => void;
  /**
   * Follows the connection, for as long as the listener lives: notifications sent while it is
   * lost are never delivered.
   */
  onListening(handler: ListeningHandler): void;
  isListening(): boolean;
  /** Resolves once listening, or with false after timeoutMs if the database is away. */
  whenListening(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface NotificationListenerOptions {
  /** How to open the dedicated connection (the pool's own options are a good start). */
  connection: pg.ClientConfig;
  log?: (message: string) => void;
  minRetryMs?: number;
  maxRetryMs?: number;
}

/** The name the listening connection shows in pg_stat_activity. */
export const listenerApplicationName = 'cca-listener';

/**
 * One LISTEN connection per server process for PostgreSQL's NOTIFY, shared by whoever needs
 * it (the live events, the session cache). A pooled connection cannot hold a LISTEN (it goes
 * back to the pool), so this one is its own. When the database goes away it keeps its
 * handlers and reconnects with back-off, and says so to `onListening`.
 */
export function createNotificationListener(
  options: NotificationListenerOptions,
): NotificationListener {
  const log = options.log ?? (() => {});
  const minRetryMs = options.minRetryMs ?? 500;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const handlers = new Map<string, Set<NotificationHandler>>();
  const listeningHandlers = new Set<ListeningHandler>();
  let client: pg.Client | undefined;
  let started = false;
  let closed = false;
  let retryMs = minRetryMs;
  let retryTimer: NodeJS.Timeout | undefined;
  let connecting: Promise<void> | undefined;
  let waiters: Array<(listening: boolean) => void> = [];

  function tell(listening: boolean) {
    for (const handler of listeningHandlers) handler(listening);
    if (!listening) return;
    for (const waiter of waiters) waiter(true);
    waiters = [];
  }

  function deliver(channel: string, payload: string | undefined) {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        log(`ouvinte de ${channel} falhou: ${(error as Error).message}`);
      }
    }
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    const delay = retryMs;
    retryMs = Math.min(retryMs * 2, maxRetryMs);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      startConnecting();
    }, delay);
    retryTimer.unref();
  }

  async function connect() {
    if (closed) return;
    const next = new pg.Client({
      ...options.connection,
      application_name: listenerApplicationName,
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      const wasListening = client === next;
      if (wasListening) client = undefined;
      next.removeAllListeners('notification');
      // Keep an error listener: a late error on a dead client must not crash the process.
      next.on('error', () => {});
      void next.end().catch(() => {});
      if (wasListening) tell(false);
      if (!closed) {
        log(`escuta do banco perdida${error ? `: ${error.message}` : ''}; reconectando`);
        scheduleReconnect();
      }
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    next.on('notification', (message) => deliver(message.channel, message.payload));
    try {
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (closed || lost) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = minRetryMs;
    tell(true);
  }

  function startConnecting() {
    connecting = connect().finally(() => {
      connecting = undefined;
    });
  }

  return {
    listen(channel, handler) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`canal inválido: ${channel}`);
      const known = handlers.get(channel);
      if (known) known.add(handler);
      else {
        handlers.set(channel, new Set([handler]));
        // A channel added while listening is listened on at once; a failure ends the
        // connection, to be listened on again with every channel.
        const live = client;
        live?.query(`LISTEN ${channel}`).catch(() => live.end().catch(() => {}));
      }
      if (!started && !closed) {
        started = true;
        startConnecting();
      }
      return () => {
        handlers.get(channel)?.delete(handler);
      };
    },
    onListening(handler) {
      listeningHandlers.add(handler);
    },
    isListening: () => client !== undefined,
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
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = undefined;
      const current = client;
      client = undefined;
      if (current) {
        tell(false);
        current.removeAllListeners();
        current.on('error', () => {});
        await current.end().catch(() => {});
      }
      handlers.clear();
      listeningHandlers.clear();
    },
  };
}
