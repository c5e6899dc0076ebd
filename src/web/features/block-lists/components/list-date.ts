/** `2026-11-01` → `01/11/2026`: a list's date is a day, read the same in every time zone. */
export function formatListDate(listDate: string): string {
  return listDate.split('-').reverse().join('/');
}
