/** What other features may use of the call records; the router loads its page directly. */
export { attemptKeys } from './api/attempt-query-keys.ts';
