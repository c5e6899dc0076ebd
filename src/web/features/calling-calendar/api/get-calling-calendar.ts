import { queryOptions, useQuery } from '@tanstack/react-query';
import { callingCalendarAnswerSchema } from '../../../../core/calling-windows.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { callingCalendarKeys } from './calling-calendar-query-keys.ts';

export function getCallingCalendar({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get('/api/calling-calendar', callingCalendarAnswerSchema, { signal });
}

export function callingCalendarQueryOptions() {
  return queryOptions({
    queryKey: callingCalendarKeys.all,
    queryFn: getCallingCalendar,
    // The rules change a few times a year: a list re-read every minute need not ask again.
    staleTime: 5 * 60_000,
  });
}

export function useCallingCalendar() {
  return useQuery(callingCalendarQueryOptions());
}
