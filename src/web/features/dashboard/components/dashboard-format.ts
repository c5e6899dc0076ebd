const percentFormatter = new Intl.NumberFormat('pt-BR', {
  style: 'percent',
  maximumFractionDigits: 1,
});

/** 0.253 → `25,3%`; no rate → `—`. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : percentFormatter.format(rate);
}

/** `2026-03-10` → `10/03`, the day as the chart's axis shows it. */
export function formatShortDay(day: string): string {
  const [, month, date] = day.split('-');
  return `${date}/${month}`;
}

/** `2026-03-10` → `10/03/2026`, with no time zone shift (it is already the call centre's day). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}
