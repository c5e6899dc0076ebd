import { type AppEvent, appEventSchema, eventChannel } from '../../core/events.ts';
import type { NotificationListener } from '../db/notification-listener.ts';

export type EventSubscriber = (event: AppEvent) => void;

export interface EventHub {
  /**
   * Starts listening on the first subscriber; answers the function that unsubscribes. A
   * subscriber of the server itself (a cache made stale by events) is no open stream, and
   * says so with `{ stream: false }`.
   */
  subscribe(subscriber: EventSubscriber, options?: { stream: boolean }): () => void;
  /** Resolves once the LISTEN is in place, or after timeoutMs if the database is away. */
  whenListening(timeoutMs: number): Promise<boolean>;
  /** The subscribers now: one per open event stream. */
  subscriberCount(): number;
}

/**
 * The app's events, from the process's one LISTEN connection, fanned out to every open stream
 * of that process. Events sent while the connection is lost are lost, which the pages make up
 * for by refetching on reconnect.
 */
export function createEventHub(
  listener: NotificationListener,
  log: (message: string) => void = () => {},
): EventHub {
  const subscribers = new Set<EventSubscriber>();
  const streams = new Set<EventSubscriber>();
  let listening = false;

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

  return {
    subscribe(subscriber, options = { stream: true }) {
      subscribers.add(subscriber);
      if (options.stream) streams.add(subscriber);
      if (!listening) {
        listening = true;
        listener.listen(eventChannel, deliver);
      }
      return () => {
        subscribers.delete(subscriber);
        streams.delete(subscriber);
      };
    },
    whenListening: (timeoutMs) => listener.whenListening(timeoutMs),
    subscriberCount: () => streams.size,
  };
}
