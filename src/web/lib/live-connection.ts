import { useSyncExternalStore } from 'react';

/**
 * The state of the page's event stream (`/api/events`): `connecting` until it first opens,
 * `open`, or `reconnecting` after it was lost (a server restart) until the browser has it back.
 */
export type LiveConnection = 'connecting' | 'open' | 'reconnecting';

let current: LiveConnection = 'connecting';
const listeners = new Set<() => void>();

/** Set by the one stream of the app (app/use-live-events.ts). */
export function setLiveConnection(next: LiveConnection) {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

/** The stream's state, for a page that says whether it is live (the wallboard). */
export function useLiveConnection(): LiveConnection {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/**
 * Runs `run` at once, then at most once per `intervalMs` however often it is asked, the last
 * ask of a burst never lost: a busy floor's events come many a second.
 */
export function coalesce(run: () => void, intervalMs: number) {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    ask() {
      if (timer !== undefined) return;
      const wait = last + intervalMs - Date.now();
      if (wait <= 0) {
        last = Date.now();
        run();
        return;
      }
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        run();
      }, wait);
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
