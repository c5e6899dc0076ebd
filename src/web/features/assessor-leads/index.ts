/** What other features may use of the assessor's list; the router loads its page directly. */
export { myLeadKeys } from './api/my-lead-query-keys.ts';
