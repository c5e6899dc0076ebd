import type { LeadFilter } from '../../../../core/leads.ts';

/** The filter as the API reads it from a query string: repeated `status`, empty values left out. */
export function leadFilterSearchParams(filter: LeadFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  for (const status of filter.status ?? []) params.append('status', status);
  if (filter.assessor) params.set('assessor', filter.assessor);
  if (filter.batch !== undefined) params.set('batch', String(filter.batch));
  if (filter.origin) params.set('origin', filter.origin);
  if (filter.uf) params.set('uf', filter.uf);
  if (filter.ddd) params.set('ddd', filter.ddd);
  if (filter.createdFrom) params.set('createdFrom', filter.createdFrom);
  if (filter.createdTo) params.set('createdTo', filter.createdTo);
  if (filter.overdueCallbacks) params.set('overdueCallbacks', 'true');
  return params;
}
