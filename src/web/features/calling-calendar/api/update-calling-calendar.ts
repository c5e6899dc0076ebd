import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CallingCalendar,
  callingCalendarAnswerSchema,
} from '../../../../core/calling-windows.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { callingCalendarKeys } from './calling-calendar-query-keys.ts';

export function updateCallingCalendar(calendar: CallingCalendar) {
  return apiClient.put('/api/calling-calendar', callingCalendarAnswerSchema, calendar);
}

export function useUpdateCallingCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCallingCalendar,
    onSuccess: (answer) => queryClient.setQueryData(callingCalendarKeys.all, answer),
  });
}
