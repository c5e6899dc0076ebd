import { type RawBuilder, sql } from 'kysely';

/**
 * SQL for the call centre's calendar: its days and its clock times in `timeZone`
 * (TIME_ZONE, checked at start). The zone is written into the SQL as a literal, never sent as
 * a parameter: it is the same for the whole process, so a prepared statement's text stays
 * one and PostgreSQL plans it once for every day (decisions 010 and 013).
 */
export function localTime(timeZone: string) {
  const zone = sql.lit(timeZone);
  return {
    /** The first instant of the local day `day` (aaaa-mm-dd). */
    dayStart: (day: string) => sql<Date>`(${day}::date::timestamp at time zone ${zone})`,
    /** The first instant after the local day `day`. */
    dayEnd: (day: string) => sql<Date>`((${day}::date + 1)::timestamp at time zone ${zone})`,
    /** Today's local midnight. */
    startOfToday: sql<Date>`((now() at time zone ${zone})::date::timestamp at time zone ${zone})`,
    /** A time as the call centre reads it: dd/mm/aaaa HH:mm. */
    dateTimeText: (time: RawBuilder<unknown>) =>
      sql<string>`to_char(${time} at time zone ${zone}, 'DD/MM/YYYY HH24:MI')`,
  };
}

export type LocalTime = ReturnType<typeof localTime>;
