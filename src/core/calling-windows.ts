import { z } from 'zod';
import {
  addDays,
  areaCodes,
  type Holiday,
  type IsoDay,
  instantIn,
  localTimeIn,
  nationalHolidays,
  type Uf,
  ufOfPhone,
} from './brazil-calendar.ts';
import { ufCodeSchema, ufSchema } from './lead-fields.ts';
import { requiredText } from './required-text.ts';
import { storedSetting } from './stored-setting.ts';

const minuteOfDay = z
  .number()
  .int()
  .min(0, { error: 'Horário inválido.' })
  .max(24 * 60, { error: 'Horário inválido.' });

/** Minutes of the local day a call may start in: from `from` (inclusive) to `to` (exclusive). */
export const dayWindowSchema = z
  .strictObject({ from: minuteOfDay, to: minuteOfDay })
  .refine((window) => window.from < window.to, {
    error: 'O horário de início deve ser antes do horário de fim.',
  });
export type DayWindow = z.infer<typeof dayWindowSchema>;

/** When the leads of one state may be called. */
export const callingRuleSchema = z.strictObject({
  /** The window of each weekday, Sunday (0) to Saturday (6); null: no calls that day. */
  weekdays: z
    .array(dayWindowSchema.nullable())
    .length(7, { error: 'Informe os 7 dias da semana.' }),
  /** Whether the weekday's window also holds on a holiday. */
  onHolidays: z.boolean(),
  /** The law the rule follows, as shown to the administrators; null for the house rule. */
  law: z.string().trim().max(500, { error: 'Use no máximo 500 caracteres.' }).nullable(),
});
export type CallingRule = z.infer<typeof callingRuleSchema>;

export const callingRulesSchema = z.strictObject({
  /** The rule of every state without one of its own, set by the administrators. */
  national: callingRuleSchema,
  byUf: z.partialRecord(ufCodeSchema, callingRuleSchema),
});
export type CallingRules = z.infer<typeof callingRulesSchema>;

const hours = (from: number, to: number): DayWindow => ({ from: from * 60, to: to * 60 });
const mondayToFriday = (window: DayWindow) => [null, window, window, window, window, window, null];

/**
 * What CCA ships with: the state laws on telemarketing hours known to the team, and a national
 * rule for the other states (Monday to Friday 8h–20h, Saturday 9h–14h, no holidays), all
 * editable. Each state rule cites its law.
 */
export const defaultCallingRules: CallingRules = {
  national: {
    weekdays: [...mondayToFriday(hours(8, 20)).slice(0, 6), hours(9, 14)],
    onHolidays: false,
    law: null,
  },
  byUf: {
    RJ: {
      weekdays: mondayToFriday(hours(8, 18)),
      onHolidays: false,
      law: 'Lei estadual 7.853/2018 (RJ), que alterou a Lei 4.896/2006: segunda a sexta, das 8h às 18h; vedadas ligações aos sábados, domingos e feriados.',
    },
    CE: {
      weekdays: mondayToFriday(hours(8, 18)),
      onHolidays: false,
      law: 'Lei estadual 16.836/2019 (CE), art. 2º: segunda a sexta, das 8 às 18 horas; vedadas aos sábados, domingos e feriados.',
    },
    ES: {
      weekdays: mondayToFriday(hours(8, 19)),
      onHolidays: false,
      law: 'Lei estadual 10.626/2017 (ES): segunda a sexta, das 8 às 19 horas; vedadas aos sábados, domingos e feriados.',
    },
    MS: {
      weekdays: mondayToFriday(hours(8, 18)),
      onHolidays: false,
      law: 'Lei estadual 3.641/2009 (MS), alterada em 7/1/2019: o projeto aprovado previa segunda a sexta, das 8h às 18h, sem feriados, mas o artigo foi vetado (Mensagem nº 5/2019); mantido por prudência.',
    },
  },
};

/**
 * The holidays of a place on a day: the national ones and those the administrators added for
 * every state, for its state, or for its city.
 */
export type HolidayLookup = (uf: Uf, day: IsoDay, city?: string | null) => Holiday | undefined;

/**
 * Added by the administrators: a holiday of every state, of one state (`uf`), or of one city
 * of that state (`city`, as the leads' city column writes it; case and accents aside).
 */
export const extraHolidaySchema = z
  .strictObject({
    day: z.iso.date({ error: 'Data inválida (use AAAA-MM-DD).' }),
    name: requiredText({
      empty: 'Informe o nome do feriado.',
      max: 120,
      tooLong: 'Use no máximo 120 caracteres.',
    }),
    uf: ufCodeSchema.nullable(),
    city: z
      .string()
      .trim()
      .max(120, { error: 'Use no máximo 120 caracteres.' })
      .nullable()
      .optional(),
  })
  .refine((holiday) => !holiday.city || holiday.uf !== null, {
    error: 'Um feriado municipal precisa da UF da cidade.',
    path: ['uf'],
  });
export type ExtraHoliday = z.infer<typeof extraHolidaySchema>;

/**
 * `GET /api/calling-calendar`: the rules in force and the holidays added; `PUT` takes the same
 * rules and holidays. The defaults come along so a page can offer to restore them.
 */
export const callingCalendarSchema = z.strictObject({
  rules: callingRulesSchema,
  holidays: z.array(extraHolidaySchema).max(2000, { error: 'Feriados demais.' }),
});
export type CallingCalendar = z.infer<typeof callingCalendarSchema>;
export const callingCalendarAnswerSchema = callingCalendarSchema.extend({
  defaults: callingRulesSchema,
});

/** The calendar as stored (JSON text), or the defaults when none (or none readable) was saved. */
export function storedCallingCalendar(stored: string | null | undefined): CallingCalendar {
  return storedSetting(callingCalendarSchema, stored, { rules: defaultCallingRules, holidays: [] });
}

/** The app_settings key the calendar is stored under. */
export const callingCalendarSettingKey = 'calling_calendar';

/** A lead as far as its calling window goes. */
export interface CallableLead {
  phone: string;
  uf: string | null;
  /** For the municipal holidays. */
  city?: string | null;
}

/** A city's name as holidays compare it: 'São Paulo', 'sao paulo' and 'SÃO  PAULO' are one. */
export function cityKey(city: string): string {
  return city.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The state a lead's phone rings in: its DDD's, or the UF imported with it. */
export function ufOfLead(lead: CallableLead): Uf | undefined {
  const parsed = ufSchema.safeParse(lead.uf);
  return ufOfPhone(lead.phone) ?? (parsed.success ? parsed.data : undefined);
}

export function holidayLookup(extra: readonly ExtraHoliday[] = []): HolidayLookup {
  const nationalByYear = new Map<number, Map<IsoDay, Holiday>>();
  const national = (day: IsoDay) => {
    const year = Number(day.slice(0, 4));
    let days = nationalByYear.get(year);
    if (!days) {
      days = new Map(nationalHolidays(year).map((holiday) => [holiday.day, holiday]));
      nationalByYear.set(year, days);
    }
    return days.get(day);
  };
  const inPlace = (holiday: ExtraHoliday, uf: Uf, city: string | null | undefined) => {
    if (holiday.uf === null) return true;
    if (holiday.uf !== uf) return false;
    return !holiday.city || (city ? cityKey(holiday.city) === cityKey(city) : false);
  };
  return (uf, day, city) =>
    national(day) ?? extra.find((holiday) => holiday.day === day && inPlace(holiday, uf, city));
}

export type CallingStatus =
  | { allowed: true /** When the window closes. */; until: Date }
  | {
      allowed: false;
      /** The next time a call may start, or null if the rule never allows one. */
      next: Date | null;
      /** The holiday that closes today, if that is the reason. */
      holiday: Holiday | null;
    };

/** The days ahead searched for the next window: two weeks cover any weekly rule and holidays. */
const lookAheadDays = 14;

/**
 * Whether a lead in `uf` (and `city`, for its holidays) may be called at `instant`, and until
 * when; or else when next. A lead whose state is unknown is called on Brasília's time under the
 * national rule.
 */
export function callingStatus(
  uf: Uf | undefined,
  instant: Date,
  rules: CallingRules,
  holidays: HolidayLookup,
  city?: string | null,
): CallingStatus {
  const zone: Uf = uf ?? 'DF';
  const rule = (uf && rules.byUf[uf]) || rules.national;
  const windowOn = (day: IsoDay, weekday: number) => {
    const window = rule.weekdays[weekday] ?? null;
    if (!window) return { window: null, holiday: null };
    const holiday = rule.onHolidays ? undefined : holidays(zone, day, city);
    return holiday ? { window: null, holiday } : { window, holiday: null };
  };

  const now = localTimeIn(zone, instant);
  const today = windowOn(now.day, now.weekday);
  if (today.window && now.minute >= today.window.from && now.minute < today.window.to) {
    return { allowed: true, until: instantIn(zone, now.day, today.window.to) };
  }
  if (today.window && now.minute < today.window.from) {
    return {
      allowed: false,
      next: instantIn(zone, now.day, today.window.from),
      holiday: null,
    };
  }
  for (let ahead = 1; ahead <= lookAheadDays; ahead++) {
    const day = addDays(now.day, ahead);
    const { window } = windowOn(day, (now.weekday + ahead) % 7);
    if (window) {
      return { allowed: false, next: instantIn(zone, day, window.from), holiday: today.holiday };
    }
  }
  return { allowed: false, next: null, holiday: today.holiday };
}

/**
 * The area codes whose leads may still be called today, now or later in their state's day, by
 * the rules in force: what a distribution that prefers leads callable today hands out first.
 * A city's holiday does not close its area code (the other cities of it may be called).
 */
export function areaCodesCallableToday(calendar: CallingCalendar, now: Date): string[] {
  const holidays = holidayLookup(calendar.holidays);
  return areaCodes()
    .filter(([, uf]) => {
      const status = callingStatus(uf, now, calendar.rules, holidays);
      if (status.allowed) return true;
      return status.next !== null && localTimeIn(uf, status.next).day === localTimeIn(uf, now).day;
    })
    .map(([ddd]) => ddd);
}
