import type { Kysely } from 'kysely';
import type { AppEvent } from '../../core/events.ts';
import type { Database } from '../db/schema.ts';
import { publishEvents } from './publish-event.ts';

export interface EventBatcher {
  /** Sends `event` with the others of the next `delayMs`, after the change has committed. */
  add(event: AppEvent): void;
  /** Sends what is waiting; used when the server stops. */
  close(): Promise<void>;
}

/**
 * Announces frequent changes (a call recorded) a moment after they commit, many in one
 * transaction. PostgreSQL lets one committing transaction at a time hold the right to queue
 * notifications, through its disk flush: a NOTIFY inside every call made all calls commit
 * one after another. Events are hints for pages to refetch, so the rare one lost when a
 * process dies within `delayMs` of a commit costs a page a moment of staleness, not data.
 */
export function createEventBatcher(
  db: Kysely<Database>,
  options: { delayMs: number; onError: (error: unknown) => void },
): EventBatcher {
  let waiting: AppEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> = Promise.resolve();

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
    add(event) {
      waiting.push(event);
      timer ??= setTimeout(() => {
        sending = send();
      }, options.delayMs);
    },
    async close() {
      clearTimeout(timer);
      await sending;
      await send();
    },
  };
}
