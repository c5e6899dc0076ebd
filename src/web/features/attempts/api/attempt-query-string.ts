import type { z } from 'zod';
import type { attemptFilterSchema } from '../../../../core/attempts.ts';

export type AttemptFilter = z.output<typeof attemptFilterSchema>;

/** The filter as the API reads it from a query string, empty values left out. */
export function attemptFilterSearchParams(filter: AttemptFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['assessor', 'outcome', 'contact', 'channel', 'from', 'to'] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  return params;
}
