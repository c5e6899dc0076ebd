import { type WallTime, wallTimeIn } from '../../../../core/wall-time.ts';

/** A call-back time one click away, beside the date and time field. */
export interface CallbackPreset {
  label: string;
  at: Date;
}

const minute = 60_000;
const hour = 60 * minute;

/**
 * The instant the clocks of `timeZone` read `hours`:00 on the day `days` after the wall day
 * given. The zone's offset is read at a first guess and again at the result, so a change of
 * offset between them (summer time, where a zone has it) is followed.
 */
function instantAt(wall: WallTime, days: number, hours: number, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day + days, hours, 0);
  const offsetAt = (instant: number) => {
    const seen = wallTimeIn(new Date(instant), timeZone);
    return (
      Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute) -
      Math.floor(instant / minute) * minute
    );
  };
  const guess = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(guess));
}

/** The next whole minute from `at`: the field takes minutes, and a call-back is in the future. */
const nextMinute = (at: number) => new Date(Math.ceil(at / minute) * minute);

/**
 * "+1 h", "+2 h", tomorrow at 9 and next Monday at 9, on the call centre's clock (`timeZone`,
 * the server's TIME_ZONE), whatever the zone of the computer the assessor works on.
 */
export function callbackPresets(now: Date, timeZone: string): CallbackPreset[] {
  const today = wallTimeIn(now, timeZone);
  // Monday is 1: on a Monday, the next one is a week away.
  const toMonday = (8 - today.weekday) % 7 || 7;
  return [
    { label: '+1 h', at: nextMinute(now.getTime() + hour) },
    { label: '+2 h', at: nextMinute(now.getTime() + 2 * hour) },
    { label: 'Amanhã 9h', at: instantAt(today, 1, 9, timeZone) },
    { label: 'Próxima seg 9h', at: instantAt(today, toMonday, 9, timeZone) },
  ];
}
