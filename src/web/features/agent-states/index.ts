import { lazy } from 'react';

/** What other parts of the app may use of the agent states; the router loads its page directly. */
export { agentStateKeys } from './api/agent-state-query-keys.ts';
export { usePresence } from './components/use-presence.ts';

/**
 * The assessor's state, pause menu and targets, loaded with the page that shows it: this index is
 * also read by every page's layout (presence, the live events' keys), the sign-in page's
 * included, which must not download the menus, their floating layers or the API client.
 */
export const AgentStateBar = lazy(() =>
  import('./components/agent-state-bar.tsx').then((module) => ({ default: module.AgentStateBar })),
);

/** *Ligar* or the WhatsApp link was used on a lead (api/tell-call.ts), loaded when first used. */
export function tellCall(leadId: number): void {
  import('./api/tell-call.ts').then(
    (module) => module.tellCall(leadId),
    () => {},
  );
}
