import { useEffect, useMemo, useState } from 'react';
import { localTimeIn, type Uf } from '../../../../core/brazil-calendar.ts';
import {
  type CallableLead,
  type CallingStatus,
  callingStatus,
  holidayLookup,
  ufOfLead,
} from '../../../../core/calling-windows.ts';
import { useCallingCalendar } from '../api/get-calling-calendar.ts';

const currentMinute = () => Math.floor(Date.now() / 60_000);

/** The minute now, changing with the clock. */
function useMinute(): number {
  const [minute, setMinute] = useState(currentMinute);
  useEffect(() => {
    const timer = setInterval(() => setMinute(currentMinute()), 5_000);
    return () => clearInterval(timer);
  }, []);
  return minute;
}

/**
 * Whether each lead may be called now and until when, or when next, by the rules in force;
 * undefined until the rules have arrived. Read again every minute.
 */
export function useCallingStatus(): ((lead: CallableLead) => CallingStatus) | undefined {
  const calendar = useCallingCalendar();
  const minute = useMinute();
  return useMemo(() => {
    if (!calendar.data) return undefined;
    const { rules, holidays } = calendar.data;
    const lookup = holidayLookup(holidays);
    const now = new Date(minute * 60_000 + 1);
    return (lead: CallableLead) => callingStatus(ufOfLead(lead), now, rules, lookup, lead.city);
  }, [calendar.data, minute]);
}

const weekdayNames = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * "18:00", or "seg 30/11, 08:00" when not today, on the clock of the lead's state; a window
 * that runs to midnight ends at "24:00" of its own day.
 */
function clockIn(uf: Uf, instant: Date, now: Date): string {
  const today = localTimeIn(uf, now).day;
  if (localTimeIn(uf, new Date(instant.getTime() - 1)).day === today) {
    const local = localTimeIn(uf, instant);
    if (local.minute === 0 && local.day !== today) return '24:00';
  }
  const local = localTimeIn(uf, instant);
  const time = `${twoDigits(Math.floor(local.minute / 60))}:${twoDigits(local.minute % 60)}`;
  if (local.day === today) return time;
  const [, month, day] = local.day.split('-');
  return `${weekdayNames[local.weekday]} ${day}/${month}, ${time}`;
}

/** The status in words, with the state whose clock it reads. */
export function describeCallingStatus(
  lead: CallableLead,
  status: CallingStatus,
  now = new Date(),
): string {
  const uf = ufOfLead(lead);
  const zone: Uf = uf ?? 'DF';
  const where = uf ? `horário de ${uf}` : 'horário de Brasília';
  if (status.allowed) return `Pode ligar até ${clockIn(zone, status.until, now)} (${where})`;
  const why = status.holiday ? `Feriado (${status.holiday.name})` : 'Fora do horário de ligação';
  const next = status.next ? ` · próxima: ${clockIn(zone, status.next, now)} (${where})` : '';
  return `${why}${next}`;
}
