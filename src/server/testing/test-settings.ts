import type { Kysely } from 'kysely';
import { type CallingCalendar, callingCalendarSettingKey } from '../../core/calling-windows.ts';
import { type ContactRules, defaultContactRules } from '../../core/contact-rules.ts';
import { writeSetting } from '../config/app-settings.repository.ts';
import type { Database } from '../db/schema.ts';

// What the tests and the benchmarks set before they call leads.

/**
 * Calling hours open every hour of every day, holidays too: what the tests and the benchmarks
 * start with, so none depends on the hour it runs at. The tests of the hours set their own.
 */
export const everyHourCalendar: CallingCalendar = {
  rules: {
    national: { weekdays: Array(7).fill({ from: 0, to: 24 * 60 }), onHolidays: true, law: null },
    byUf: {},
  },
  holidays: [],
};

/** No hour open on any day: every call is out of hours and needs a reason. */
export const noHourCalendar: CallingCalendar = {
  rules: {
    national: { weekdays: Array(7).fill(null), onHolidays: false, law: null },
    byUf: {},
  },
  holidays: [],
};

/** Sets the calling hours in force straight in the database, for a test's own setting. */
export function setCallingHours(db: Kysely<Database>, calendar: CallingCalendar) {
  return writeSetting(db, callingCalendarSettingKey, JSON.stringify(calendar));
}

const highest = { maxTries: 50, afterLast: 'recycle' } as const;

/**
 * The contact rules at their highest caps and tries, for loads that call the same leads again
 * and again: every call is recorded, the rules still read, checked and applied on each.
 */
export const highestContactRules: ContactRules = {
  retry: {
    no_answer: { delayMinutes: 1, ...highest },
    busy: { delayMinutes: 1, ...highest },
    voicemail: { delayMinutes: 1, ...highest },
    yellow: highest,
  },
  caps: { perDay: 50, perWeek: 200 },
  overdueCallbacks: defaultContactRules.overdueCallbacks,
};
