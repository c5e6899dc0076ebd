import type { Uf } from './lead-fields.ts';

export type { Uf };

/**
 * Where a Brazilian phone rings and what day and hour it is there: the state (UF) of each
 * area code (DDD), the UTC offset of each state, and the national holidays of any year.
 * Pure functions of their arguments, shared by the server and the pages.
 */

/** Anatel's area codes: each DDD belongs to one state. */
const ufByDdd: Record<string, Uf> = {};
const dddRanges: [Uf, number[]][] = [
  ['SP', [11, 12, 13, 14, 15, 16, 17, 18, 19]],
  ['RJ', [21, 22, 24]],
  ['ES', [27, 28]],
  ['MG', [31, 32, 33, 34, 35, 37, 38]],
  ['PR', [41, 42, 43, 44, 45, 46]],
  ['SC', [47, 48, 49]],
  ['RS', [51, 53, 54, 55]],
  ['DF', [61]],
  ['GO', [62, 64]],
  ['TO', [63]],
  ['MT', [65, 66]],
  ['MS', [67]],
  ['AC', [68]],
  ['RO', [69]],
  ['BA', [71, 73, 74, 75, 77]],
  ['SE', [79]],
  ['PE', [81, 87]],
  ['AL', [82]],
  ['PB', [83]],
  ['RN', [84]],
  ['CE', [85, 88]],
  ['PI', [86, 89]],
  ['PA', [91, 93, 94]],
  ['AM', [92, 97]],
  ['RR', [95]],
  ['AP', [96]],
  ['MA', [98, 99]],
];
for (const [uf, ddds] of dddRanges) for (const ddd of ddds) ufByDdd[String(ddd)] = uf;

/** Every Brazilian area code (DDD, two digits) with its state. */
export function areaCodes(): [ddd: string, uf: Uf][] {
  return Object.entries(ufByDdd);
}

/** The state of a phone in E.164 (+55 DDD number), or undefined for an unknown area code. */
export function ufOfPhone(e164: string): Uf | undefined {
  const match = /^\+55(\d{2})\d{8,9}$/.exec(e164);
  return match ? ufByDdd[match[1] as string] : undefined;
}

/**
 * Hours from UTC of each state's legal time; Brazil has kept no daylight saving time since
 * 2019 (Decreto 9.772/2019). Fernando de Noronha (UTC−2) shares Pernambuco's DDD 81 and
 * western Amazonas (UTC−5) shares DDD 97 with UTC−4 towns: a phone cannot tell them apart, so
 * each state takes the time of its capital.
 */
const utcOffsetByUf: Partial<Record<Uf, number>> = {
  AC: -5,
  AM: -4,
  RO: -4,
  RR: -4,
  MT: -4,
  MS: -4,
};
export function utcOffsetHours(uf: Uf): number {
  return utcOffsetByUf[uf] ?? -3;
}

/** A calendar day, `YYYY-MM-DD`. */
export type IsoDay = string;

export interface Holiday {
  day: IsoDay;
  name: string;
}

const isoDay = (year: number, month: number, day: number): IsoDay =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Easter Sunday of a Gregorian year (the anonymous algorithm of Meeus, Jones and Butcher). */
export function easterSunday(year: number): IsoDay {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDay(year, month, day);
}

/** `day` moved by `days` calendar days. */
export function addDays(day: IsoDay, days: number): IsoDay {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The days Brazil stops nationally, for any year: the fixed civil and religious holidays (Leis
 * 662/1949, 6.802/1980, 9.093/1995 and, since 2024, 14.759/2023 for 20 de novembro) and the
 * days that move with Easter. Carnaval and Corpus Christi are "pontos facultativos" in federal
 * law, but most of the country stops on them, so a call centre treats them as holidays;
 * state and municipal holidays are added by the administrators.
 */
export function nationalHolidays(year: number): Holiday[] {
  const easter = easterSunday(year);
  const fixed: [number, number, string][] = [
    [1, 1, 'Confraternização Universal'],
    [4, 21, 'Tiradentes'],
    [5, 1, 'Dia do Trabalho'],
    [9, 7, 'Independência do Brasil'],
    [10, 12, 'Nossa Senhora Aparecida'],
    [11, 2, 'Finados'],
    [11, 15, 'Proclamação da República'],
    ...(year >= 2024
      ? [[11, 20, 'Dia Nacional de Zumbi e da Consciência Negra'] as [number, number, string]]
      : []),
    [12, 25, 'Natal'],
  ];
  const holidays: Holiday[] = [
    ...fixed.map(([month, day, name]) => ({ day: isoDay(year, month, day), name })),
    { day: addDays(easter, -48), name: 'Carnaval (segunda-feira)' },
    { day: addDays(easter, -47), name: 'Carnaval (terça-feira)' },
    { day: addDays(easter, -2), name: 'Sexta-feira Santa' },
    { day: addDays(easter, 60), name: 'Corpus Christi' },
  ];
  return holidays.sort((left, right) => left.day.localeCompare(right.day));
}

/** The state's local day, weekday (0 = Sunday) and minute of the day at `instant`. */
export function localTimeIn(uf: Uf, instant: Date) {
  const local = new Date(instant.getTime() + utcOffsetHours(uf) * 3_600_000);
  return {
    day: local.toISOString().slice(0, 10) as IsoDay,
    weekday: local.getUTCDay(),
    minute: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

/** The instant at which the state's clock shows `minute` of `day`. */
export function instantIn(uf: Uf, day: IsoDay, minute: number): Date {
  return new Date(
    new Date(`${day}T00:00:00Z`).getTime() + minute * 60_000 - utcOffsetHours(uf) * 3_600_000,
  );
}
