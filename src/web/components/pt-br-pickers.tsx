import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';

import {
  DateInput,
  DatesProvider,
  type DatesProviderSettings,
  DateTimePicker,
  TimePicker,
} from '@mantine/dates';
import { type ReactNode, useId, useState } from 'react';
import classes from './pt-br-pickers.module.css';

/*
 * Date and time fields drawn by the app, not the browser: a native date input follows the
 * browser's language, so an English office PC showed mm/dd/yyyy and "08:00 A". These read
 * and take dd/mm/aaaa and 24-hour times whatever the browser says, and keep the values the
 * native inputs gave (`YYYY-MM-DD`, `HH:mm`, `YYYY-MM-DDTHH:mm`), so callers change little.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** `05/03/2026` (or `5/3/2026`) → `2026-03-05`; null when it is not a day of the calendar. */
export function parseBrazilianDate(text: string): string | null {
  const match = text.trim().match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  if (date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** `2026-03-05` → `05/03/2026`. */
export function brazilianDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

/** Why a typed date is refused, in words; null when it is empty or taken. */
export function dateTextError(text: string, min?: string, max?: string): string | null {
  if (text.trim() === '') return null;
  const day = parseBrazilianDate(text);
  if (day === null) return 'Data inválida: use dd/mm/aaaa.';
  if (min && day < min) return `A data deve ser a partir de ${brazilianDate(min)}.`;
  if (max && day > max) return `A data deve ser até ${brazilianDate(max)}.`;
  return null;
}

/** `2026-03-05T14:07` (a datetime-local input's value) ↔ `2026-03-05 14:07:00` (Mantine's). */
export const pickerDateTime = (local: string) =>
  local === '' ? null : `${local.replace('T', ' ')}:00`.slice(0, 19);
export const localDateTime = (picked: string | null) =>
  picked ? picked.replace(' ', 'T').slice(0, 16) : '';

// Today stands out, as on a paper calendar.
const calendarSettings = {
  highlightToday: true,
  nextLabel: 'Próximo mês',
  previousLabel: 'Mês anterior',
  ariaLabels: {
    nextMonth: 'Próximo mês',
    previousMonth: 'Mês anterior',
    nextYear: 'Próximo ano',
    previousYear: 'Ano anterior',
    nextDecade: 'Próxima década',
    previousDecade: 'Década anterior',
  },
};

interface FieldProps {
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-describedby'?: string;
  id?: string;
  name?: string;
  className?: string;
  w?: number | string;
  miw?: number | string;
  maw?: number | string;
  style?: React.CSSProperties;
  autoFocus?: boolean;
}

export interface DateFieldProps extends FieldProps {
  /** `YYYY-MM-DD`, or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  /** Earliest and latest days taken, `YYYY-MM-DD`. */
  min?: string;
  max?: string;
  clearable?: boolean;
}

/**
 * Calendars in Portuguese, weeks from Sunday, whatever the browser's language. Each field
 * brings it, so the dates package loads with the pages that have a field, not at sign-in.
 */
const ptBrDates: DatesProviderSettings = {
  locale: 'pt-br',
  firstDayOfWeek: 0,
  weekendDays: [0, 6],
};

/** A day, typed as dd/mm/aaaa or picked on a calendar in Portuguese. */
export function DateField({
  value,
  onChange,
  min,
  max,
  clearable = true,
  error,
  ...props
}: DateFieldProps) {
  // What is typed and not taken (31/02, a day out of range) stays on screen with the reason,
  // and the value stays as it was.
  const [typed, setTyped] = useState('');
  // A value set from outside (a "Limpar filtros") replaces the text, and the reason with it.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setTyped('');
  }
  const refusal = dateTextError(typed, min, max);
  return (
    <DatesProvider settings={ptBrDates}>
      <DateInput
        {...props}
        value={value === '' ? null : value}
        onChange={(next) => onChange(next ?? '')}
        onInput={(event) => setTyped(event.currentTarget.value)}
        valueFormat="DD/MM/YYYY"
        dateParser={parseBrazilianDate}
        placeholder="dd/mm/aaaa"
        minDate={min || undefined}
        maxDate={max || undefined}
        clearable={clearable}
        clearButtonProps={{ 'aria-label': 'Limpar a data' }}
        fixOnBlur={refusal === null}
        error={error ?? refusal}
        autoComplete="off"
        classNames={{ day: classes.day }}
        {...calendarSettings}
      />
    </DatesProvider>
  );
}

export interface TimeFieldProps extends FieldProps {
  /** `HH:mm`, or '' while incomplete. */
  value: string;
  onChange: (value: string) => void;
  /** `HH:mm`: a time typed outside is brought to the nearest bound when the field is left. */
  min?: string;
  max?: string;
  clearable?: boolean;
}

/** A time of day on a 24-hour clock: hours and minutes, typed or picked. */
export function TimeField({
  value,
  onChange,
  min,
  max,
  label,
  'aria-label': ariaLabel,
  clearable = false,
  ...props
}: TimeFieldProps) {
  const labelId = useId();
  // Left half erased while the caller keeps its time, the field shows that time again: the
  // picker holds its hours and minutes itself and would otherwise show "--:00" over it.
  const [erased, setErased] = useState(false);
  const [resets, setResets] = useState(0);
  // The hours and minutes are two inputs; the group carries the field's name.
  const naming = label ? { 'aria-labelledby': labelId } : { 'aria-label': ariaLabel };
  return (
    <DatesProvider settings={ptBrDates}>
      <TimePicker
        {...props}
        {...naming}
        role="group"
        label={label}
        labelProps={{ id: labelId }}
        key={resets}
        value={value}
        onChange={(clock) => {
          setErased(clock === '');
          onChange(clock);
        }}
        onBlur={() => {
          if (erased && value !== '') setResets((count) => count + 1);
          setErased(false);
        }}
        format="24h"
        min={min}
        max={max}
        clearable={clearable}
        clearButtonProps={{ 'aria-label': 'Limpar a hora' }}
        hoursInputLabel="Horas"
        minutesInputLabel="Minutos"
        withDropdown={false}
      />
    </DatesProvider>
  );
}

export interface DateTimeFieldProps extends FieldProps {
  /** `YYYY-MM-DDTHH:mm` in the browser's time zone, or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  /** The earliest moment taken, the same shape. */
  min?: string;
  clearable?: boolean;
}

/** A day and a time: a calendar in Portuguese and a 24-hour clock, shown as dd/mm/aaaa hh:mm. */
export function DateTimeField({
  value,
  onChange,
  min,
  clearable = false,
  ...props
}: DateTimeFieldProps) {
  return (
    <DatesProvider settings={ptBrDates}>
      <DateTimePicker
        {...props}
        value={pickerDateTime(value)}
        onChange={(next) => onChange(localDateTime(next))}
        valueFormat="DD/MM/YYYY HH:mm"
        placeholder="dd/mm/aaaa hh:mm"
        minDate={min ? (pickerDateTime(min) ?? undefined) : undefined}
        clearable={clearable}
        clearButtonProps={{ 'aria-label': 'Limpar a data e a hora' }}
        timePickerProps={{
          format: '24h',
          'aria-label': 'Hora',
          role: 'group',
          hoursInputLabel: 'Horas',
          minutesInputLabel: 'Minutos',
        }}
        submitButtonProps={{ 'aria-label': 'Confirmar a data e a hora' }}
        classNames={{ day: classes.day }}
        {...calendarSettings}
      />
    </DatesProvider>
  );
}
