import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AppEventType } from '../../core/events.ts';
import { myLeadKeys } from '../features/assessor-leads/index.ts';
import { attemptKeys } from '../features/attempts/index.ts';
import { dashboardKeys } from '../features/dashboard/index.ts';
import { distributionKeys } from '../features/distribution/index.ts';
import { followUpKeys } from '../features/follow-up/index.ts';
import { leadKeys } from '../features/leads/index.ts';

const allLiveKeys = [
  myLeadKeys.all,
  distributionKeys.all,
  attemptKeys.all,
  followUpKeys.all,
  leadKeys.all,
  dashboardKeys.all,
];

/** What each server event makes stale. */
const staleKeysByEvent: Record<AppEventType, readonly (readonly string[])[]> = {
  'leads.distributed': [myLeadKeys.all, distributionKeys.all, leadKeys.all, dashboardKeys.all],
  'lead.attempted': allLiveKeys,
  'leads.changed': [
    myLeadKeys.all,
    distributionKeys.all,
    followUpKeys.all,
    leadKeys.all,
    dashboardKeys.all,
  ],
  'leads.imported': [distributionKeys.all, leadKeys.all, dashboardKeys.all],
  'agent.state': [],
};

function invalidate(queryClient: QueryClient, keys: readonly (readonly string[])[]) {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

/**
 * Keeps the open pages current: one `EventSource` on `/api/events` while signed in, and each
 * event refetches the queries it touches. EventSource reconnects by itself; after a reconnect
 * everything live is refetched, since events sent while disconnected are lost.
 */
export function useLiveEvents(enabled: boolean) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    let opened = false;
    // Loaded, not imported: this hook is part of every page's first download, the sign-in
    // page's included, and the schema brings zod. Messages wait for it in order; if it cannot
    // load, they are dropped like events sent while disconnected.
    const eventSchema = import('../../core/events.ts').then(
      (module) => module.appEventSchema,
      () => null,
    );

    source.onopen = () => {
      if (opened) invalidate(queryClient, allLiveKeys);
      opened = true;
    };
    source.onmessage = (message: MessageEvent<string>) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      void eventSchema.then((schema) => {
        const event = schema?.safeParse(data);
        if (event?.success) invalidate(queryClient, staleKeysByEvent[event.data.type]);
      });
    };

    return () => source.close();
  }, [enabled, queryClient]);
}
