/** What other features may use of the leads; the router loads their pages directly. */
export { leadKeys } from './api/lead-query-keys.ts';
