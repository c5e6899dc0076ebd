/** What other features may use of the audit log; the router loads its page directly. */
export { auditKeys } from './api/audit-query-keys.ts';
