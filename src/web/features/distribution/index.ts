/** What other features may use of the distribution; the router loads its page directly. */
export { distributionKeys } from './api/distribution-query-keys.ts';
