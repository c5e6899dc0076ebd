import {
  type CallingCalendar,
  defaultCallingRules,
  storedCallingCalendar,
} from '../../core/calling-windows.ts';
import type { AuditTrail } from '../audit/index.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import type { CallingCalendarRepository } from './calling-calendar.repository.ts';

export function createCallingCalendarService({
  calendars,
  unitOfWork,
}: {
  calendars: CallingCalendarRepository;
  unitOfWork: RunUnitOfWork;
}) {
  return {
    /** The rules in force and the holidays added, with the shipped defaults beside them. */
    async current() {
      return { ...storedCallingCalendar(await calendars.read()), defaults: defaultCallingRules };
    },

    /**
     * Replaces the rules and the added holidays, audited in the same transaction; answers what
     * is now in force.
     */
    async replace(calendar: CallingCalendar, audit: AuditTrail) {
      const holidays = [...calendar.holidays].sort(
        (left, right) =>
          left.day.localeCompare(right.day) || (left.uf ?? '').localeCompare(right.uf ?? ''),
      );
      await unitOfWork(audit, async (unit) => {
        await calendars.within(unit.trx).write(JSON.stringify({ rules: calendar.rules, holidays }));
        await unit.audit({
          action: 'calling_calendar.changed',
          details: {
            rulesByUf: Object.keys(calendar.rules.byUf).sort().join(', ') || 'nenhuma',
            holidays: holidays.length,
          },
        });
      });
      return { rules: calendar.rules, holidays, defaults: defaultCallingRules };
    },
  };
}
export type CallingCalendarService = ReturnType<typeof createCallingCalendarService>;
