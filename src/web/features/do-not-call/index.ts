/** What other features may use of the block list; the router loads its page directly. */
export { blockedPhoneKeys } from './api/blocked-phone-query-keys.ts';
