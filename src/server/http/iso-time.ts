/** A time as the API answers it: ISO 8601 in UTC, or null when there is none. */
export function isoTime(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}
