import { type FollowUpFilter, followUpFilterSearchParams } from './follow-up-query-string.ts';

export function followUpExportUrl(filter: FollowUpFilter, format: 'csv' | 'xlsx') {
  const params = followUpFilterSearchParams(filter);
  params.set('format', format);
  return `/api/follow-up/export?${params}`;
}
