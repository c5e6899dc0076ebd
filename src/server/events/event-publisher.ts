import type { Kysely } from 'kysely';
import type { AppEvent } from '../../core/events.ts';
import type { Database } from '../db/schema.ts';
import { publishEvents } from './publish-event.ts';

/** How long an event waits for the others of its moment before they go out together. */
export const eventDelayMs = 100;

/**
 * The one way events leave this process: a unit of work, a recorded call and a background
 * job all hand what they changed here, once it has committed.
 */
export interface EventPublisher {
  /** Sends `events` with the others of the next `delayMs`; call it after the change commits. */
  publish(...events: AppEvent[]): void;
  /** Sends what is waiting now, without its delay, and answers once it is out. */
  flush(): Promise<void>;
  /** Sends what is waiting; the server's last step before the database closes. */
  close(): Promise<void>;
}

/**
 * Announces changes a moment after they commit, many in one transaction. PostgreSQL lets one
 * committing transaction at a time hold the right to queue notifications, through its disk
 * flush: a NOTIFY inside every call made all calls commit one after another. Events are hints
 * for pages to refetch, so the rare one lost when a process dies within `delayMs` of a commit
 * costs a page a moment of staleness, not data: the change is already kept, and the request
 * answers as such.
 */
export function createEventPublisher(
  db: Kysely<Database>,
  options: { delayMs?: number; onError: (error: unknown) => void },
): EventPublisher {
  const delayMs = options.delayMs ?? eventDelayMs;
  let waiting: AppEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> = Promise.resolve();
  let closed = false;

  async function send() {
    timer = undefined;
    const events = waiting;
    waiting = [];
    if (events.length === 0) return;
    try {
      await publishEvents(db, events);
    } catch (error) {
      options.onError(error);
    }
  }

  return {
    publish(...events) {
      if (events.length === 0) return;
      waiting.push(...events);
      // Once closed no timer may outlive the server: a late event goes out at once.
      if (closed) {
        sending = sending.then(send);
        return;
      }
      timer ??= setTimeout(() => {
        sending = sending.then(send);
      }, delayMs);
    },
    async flush() {
      clearTimeout(timer);
      sending = sending.then(send);
      await sending;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await sending;
      await send();
    },
  };
}
