/** What other parts of the app use of the wallboard; the router loads its page directly. */
export { wallboardKeys, wallboardRefetchMs } from './api/wallboard-query-keys.ts';
export { isTvMode } from './components/tv-mode.ts';
