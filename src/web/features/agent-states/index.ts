/** What other parts of the app may use of the agent states; the router loads its page directly. */
export { agentStateKeys } from './api/agent-state-query-keys.ts';
export { tellCall } from './api/tell-call.ts';
export { AgentStateBar } from './components/agent-state-bar.tsx';
export { usePresence } from './components/use-presence.ts';
