import { useSyncExternalStore } from 'react';
import { formatDecimal, formatDuration } from '../../../components/pt-br-format.ts';

const percentFormatter = new Intl.NumberFormat('pt-BR', {
  style: 'percent',
  maximumFractionDigits: 1,
});

/** 0.253 → `25,3%`; nobody reached yet → `—`. */
export function formatConversion(rate: number | null): string {
  return rate === null ? '—' : percentFormatter.format(rate);
}

/** The average handling time: 95 → `1 min 35 s`; no call ended yet → `—`. */
export function formatHandling(seconds: number | null): string {
  return seconds === null ? '—' : formatDuration(seconds);
}

/** Calls per hour worked: 12.34 → `12,3`; no time worked yet → `—`. */
export function formatPerHour(value: number | null): string {
  return value === null ? '—' : formatDecimal(value);
}

/** Time in a state as a clock reads: 75 → `01:15`, 3725 → `1:02:05`. */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${two(minutes)}:${two(rest)}`;
}

const clockListeners = new Set<() => void>();
let clockTimer: ReturnType<typeof setInterval> | undefined;
let clockNow = Date.now();

function subscribeToClock(listener: () => void) {
  clockListeners.add(listener);
  if (clockTimer === undefined) {
    clockNow = Date.now();
    clockTimer = setInterval(() => {
      clockNow = Date.now();
      for (const each of clockListeners) each();
    }, 1000);
  }
  return () => {
    clockListeners.delete(listener);
    if (clockListeners.size === 0) {
      clearInterval(clockTimer);
      clockTimer = undefined;
    }
  };
}

/**
 * The time now, moving every second: one timer for the page, and only the clocks that read
 * it drawn again (not the rows of 2,000 assessors around them).
 */
export function useSecondClock(): number {
  return useSyncExternalStore(subscribeToClock, () => clockNow);
}
