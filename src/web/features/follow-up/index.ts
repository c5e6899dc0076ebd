/** What other features may use of the follow-up; the router loads its page directly. */
export { followUpKeys } from './api/follow-up-query-keys.ts';
