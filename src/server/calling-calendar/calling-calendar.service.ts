import {
  type CallingCalendar,
  defaultCallingRules,
  storedCallingCalendar,
} from '../../core/calling-windows.ts';
import type { CallingCalendarRepository } from './calling-calendar.repository.ts';

export function createCallingCalendarService({
  calendars,
}: {
  calendars: CallingCalendarRepository;
}) {
  return {
    /** The rules in force and the holidays added, with the shipped defaults beside them. */
    async current() {
      return { ...storedCallingCalendar(await calendars.read()), defaults: defaultCallingRules };
    },

    /** Replaces the rules and the added holidays; answers what is now in force. */
    async replace(calendar: CallingCalendar) {
      const holidays = [...calendar.holidays].sort(
        (left, right) =>
          left.day.localeCompare(right.day) || (left.uf ?? '').localeCompare(right.uf ?? ''),
      );
      await calendars.write(JSON.stringify({ rules: calendar.rules, holidays }));
      return { rules: calendar.rules, holidays, defaults: defaultCallingRules };
    },
  };
}
export type CallingCalendarService = ReturnType<typeof createCallingCalendarService>;
