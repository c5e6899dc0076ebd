import type { LeadFilter } from '../../../../core/leads.ts';
import { leadFilterSearchParams } from './lead-query-string.ts';

/** The export streams a file, so the browser downloads it through a plain link with the session cookie. */
export function leadExportUrl(filter: LeadFilter, format: 'csv' | 'xlsx') {
  const params = leadFilterSearchParams(filter);
  params.set('format', format);
  return `/api/leads/export?${params}`;
}
