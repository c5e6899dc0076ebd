/** What other features may use of the dashboard; the router loads its page directly. */
export { dashboardKeys } from './api/dashboard-query-keys.ts';
