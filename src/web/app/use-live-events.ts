import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AppEventType } from '../../core/events.ts';
import { agentStateKeys } from '../features/agent-states/index.ts';
import { myLeadKeys } from '../features/assessor-leads/index.ts';
import { attemptKeys } from '../features/attempts/index.ts';
import { dashboardKeys } from '../features/dashboard/index.ts';
import { distributionKeys } from '../features/distribution/index.ts';
import { followUpKeys } from '../features/follow-up/index.ts';
import { leadKeys } from '../features/leads/index.ts';
import { wallboardKeys, wallboardRefetchMs } from '../features/wallboard/index.ts';
import { coalesce, setLiveConnection } from '../lib/live-connection.ts';

const allLiveKeys = [
  myLeadKeys.all,
  distributionKeys.all,
  attemptKeys.all,
  followUpKeys.all,
  leadKeys.all,
  dashboardKeys.all,
  wallboardKeys.all,
];

/** What each server event makes stale. */
const staleKeysByEvent: Record<AppEventType, readonly (readonly string[])[]> = {
  'leads.distributed': [
    myLeadKeys.all,
    distributionKeys.all,
    leadKeys.all,
    dashboardKeys.all,
    wallboardKeys.all,
  ],
  // The assessor's own state and targets: an assessor hears only its own events.
  'lead.attempted': [...allLiveKeys, agentStateKeys.mine()],
  'leads.changed': [
    myLeadKeys.all,
    distributionKeys.all,
    followUpKeys.all,
    leadKeys.all,
    dashboardKeys.all,
    wallboardKeys.all,
  ],
  'leads.imported': [distributionKeys.all, leadKeys.all, dashboardKeys.all],
  'agent.state': [wallboardKeys.all, agentStateKeys.mine()],
};

/**
 * Keys an event refetches at most once per interval, the last event of a burst included: the
 * wallboard hears every call and state change of the floor, many a second on a busy day.
 */
const coalescedKeys = new Map<readonly string[], number>([[wallboardKeys.all, wallboardRefetchMs]]);

function invalidate(
  queryClient: QueryClient,
  keys: readonly (readonly string[])[],
  coalesced?: Map<readonly string[], { ask(): void }>,
) {
  for (const queryKey of keys) {
    const later = coalesced?.get(queryKey);
    if (later) later.ask();
    else void queryClient.invalidateQueries({ queryKey });
  }
}

/** After an answer that is no stream (a restarting server's 503), a new stream this much later. */
const reopenAfterMs = 3000;

/**
 * Keeps the open pages current: one `EventSource` on `/api/events` while signed in, and each
 * event refetches the queries it touches. EventSource reconnects by itself after a lost
 * connection, and is opened again here after an answer that ends it (a restarting server's
 * 503); after a reconnect everything live is refetched, since events sent meanwhile are lost.
 */
export function useLiveEvents(enabled: boolean) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let opened = false;
    const coalesced = new Map(
      [...coalescedKeys].map(([queryKey, intervalMs]) => [
        queryKey,
        coalesce(() => void queryClient.invalidateQueries({ queryKey }), intervalMs),
      ]),
    );
    setLiveConnection('connecting');
    // Loaded, not imported: this hook is part of every page's first download, the sign-in
    // page's included, and the schema brings zod. Messages wait for it in order; if it cannot
    // load, they are dropped like events sent while disconnected.
    const eventSchema = import('../../core/events.ts').then(
      (module) => module.appEventSchema,
      () => null,
    );

    const open = () => {
      const stream = new EventSource('/api/events');
      source = stream;
      stream.onopen = () => {
        if (opened) invalidate(queryClient, allLiveKeys);
        opened = true;
        setLiveConnection('open');
      };
      stream.onerror = () => {
        setLiveConnection(opened ? 'reconnecting' : 'connecting');
        if (stream.readyState === EventSource.CLOSED) reopen = setTimeout(open, reopenAfterMs);
      };
      stream.onmessage = (message: MessageEvent<string>) => {
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        void eventSchema.then((schema) => {
          const event = schema?.safeParse(data);
          if (event?.success) {
            invalidate(queryClient, staleKeysByEvent[event.data.type], coalesced);
          }
        });
      };
    };
    open();

    return () => {
      source?.close();
      clearTimeout(reopen);
      for (const later of coalesced.values()) later.cancel();
    };
  }, [enabled, queryClient]);
}
