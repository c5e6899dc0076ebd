/** What other features may use of recycling: the header's button and the rules' cache key. */

export { recyclingKeys } from './api/recycling-query-keys.ts';
export { RecycleLeadsButton } from './components/recycle-leads-button.tsx';
