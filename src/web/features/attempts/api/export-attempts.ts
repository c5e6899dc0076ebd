import { type AttemptFilter, attemptFilterSearchParams } from './attempt-query-string.ts';

export function attemptExportUrl(filter: AttemptFilter, format: 'csv' | 'xlsx') {
  const params = attemptFilterSearchParams(filter);
  params.set('format', format);
  return `/api/attempts/export?${params}`;
}
