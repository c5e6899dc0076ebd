import {
  addDays,
  type IsoDay,
  instantIn,
  localTimeIn,
  nationalHolidays,
  type Uf,
} from '../src/core/brazil-calendar.ts';
import {
  type CallingCalendar,
  callingStatus,
  type HolidayLookup,
  holidayLookup,
} from '../src/core/calling-windows.ts';

/** The demo centre keeps Brasília's time (TIME_ZONE America/Sao_Paulo, the default). */
const centre: Uf = 'DF';

/** The demo centre's shift: Monday to Friday, 8h to 20h, closed on national holidays. */
export const demoShift = { from: 8 * 60, to: 20 * 60 } as const;

const minute = 60_000;

/** The centre's clock: its day, weekday and minute at `instant`. */
export const centreTime = (instant: Date) => localTimeIn(centre, instant);
export const centreInstant = (day: IsoDay, minuteOfDay: number) =>
  instantIn(centre, day, minuteOfDay);

const holidaysByYear = new Map<number, Set<IsoDay>>();
function isNationalHoliday(day: IsoDay): boolean {
  const year = Number(day.slice(0, 4));
  let days = holidaysByYear.get(year);
  if (!days) {
    days = new Set(nationalHolidays(year).map((holiday) => holiday.day));
    holidaysByYear.set(year, days);
  }
  return days.has(day);
}

export function isWorkingDay(day: IsoDay): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday >= 1 && weekday <= 5 && !isNationalHoliday(day);
}

/** Whether the centre is at work at `instant`. */
export function inShift(instant: Date): boolean {
  const local = centreTime(instant);
  return isWorkingDay(local.day) && local.minute >= demoShift.from && local.minute < demoShift.to;
}

/** The first instant from `instant` on at which the centre is at work. */
function nextShiftInstant(instant: Date): Date {
  if (inShift(instant)) return instant;
  const local = centreTime(instant);
  if (isWorkingDay(local.day) && local.minute < demoShift.from) {
    return centreInstant(local.day, demoShift.from);
  }
  let day = addDays(local.day, 1);
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return centreInstant(day, demoShift.from);
}

/** Where a lead is called, for its calling window. */
export interface DemoPlace {
  uf: Uf;
  city: string;
}

export function callingClock(calendar: CallingCalendar) {
  const holidays: HolidayLookup = holidayLookup(calendar.holidays);
  const allowed = (place: DemoPlace, instant: Date) =>
    callingStatus(place.uf, instant, calendar.rules, holidays, place.city).allowed;
  return {
    allowed,
    /**
     * The first instant from `instant` on at which the centre works and the lead's state allows
     * a call; null when none comes within a few weeks (a rule that never allows one).
     */
    nextCallable(place: DemoPlace, instant: Date): Date | null {
      let at = instant;
      for (let step = 0; step < 60; step++) {
        at = nextShiftInstant(at);
        const status = callingStatus(place.uf, at, calendar.rules, holidays, place.city);
        if (status.allowed) return at;
        if (status.next === null) return null;
        at = status.next;
      }
      return null;
    },
    /**
     * The minutes of the centre's shift on `day` the lead's state does not allow (after its
     * window closes, say 18h in RJ): where a customer may ask to be called back out of hours.
     */
    outOfWindowInShift(place: DemoPlace, day: IsoDay): Date[] {
      const found: Date[] = [];
      for (let at = demoShift.from; at < demoShift.to; at += 15) {
        const instant = centreInstant(day, at);
        if (!allowed(place, instant)) found.push(instant);
      }
      return found;
    },
  };
}
export type CallingClock = ReturnType<typeof callingClock>;

export const minutes = (count: number) => count * minute;
