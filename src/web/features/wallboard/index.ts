/** What other parts of the app use of the wallboard; the router loads its page directly. */
export { wallboardKeys } from './api/wallboard-query-keys.ts';
export { wallboardRefetchMs } from './api/wallboard-refetch.ts';
export { isTvMode } from './components/tv-mode.ts';
