import { formatDecimal, formatInteger } from '../../../components/pt-br-format.ts';

const percentFormatter = new Intl.NumberFormat('pt-BR', {
  style: 'percent',
  maximumFractionDigits: 1,
});

/** 0.253 → `25,3%`; no rate → `—`. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : percentFormatter.format(rate);
}

/** 3725 → `1:02:05`, as the export writes durations. */
export function formatClock(totalSeconds: number | null): string {
  if (totalSeconds === null) return '—';
  const seconds = Math.max(0, Math.round(totalSeconds));
  const two = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

/** Calls per hour worked: `3,8`; none worked → `—`. */
export function formatPerHour(value: number | null): string {
  return value === null ? '—' : formatDecimal(value);
}

export { formatInteger };

/** `2026-03-10` → `10/03/2026`, already the call centre's day. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** A period as read: `10/03/2026`, or `01/03/2026 a 10/03/2026`. */
export function formatPeriod({ from, to }: { from: string; to: string }): string {
  return from === to ? formatDay(from) : `${formatDay(from)} a ${formatDay(to)}`;
}
