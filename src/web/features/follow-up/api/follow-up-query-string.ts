import type { z } from 'zod';
import type { followUpQuerySchema } from '../../../../core/attempts.ts';

export type FollowUpFilter = Omit<z.output<typeof followUpQuerySchema>, 'cursor' | 'limit'>;

/** The filter as the API reads it from a query string, empty values left out. */
export function followUpFilterSearchParams(filter: FollowUpFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['assessor', 'from', 'to', 'confirmed'] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  return params;
}
