import { describe, expect, it } from 'vitest';
import { easterSunday, nationalHolidays, ufOfPhone, utcOffsetHours } from './brazil-calendar.ts';
import {
  callingStatus,
  defaultCallingRules,
  extraHolidaySchema,
  holidayLookup,
} from './calling-windows.ts';

const holidays = holidayLookup();
const at = (iso: string) => new Date(iso);
const statusIn = (uf: Parameters<typeof callingStatus>[0], iso: string, lookup = holidays) =>
  callingStatus(uf, at(iso), defaultCallingRules, lookup);

describe('where and when a Brazilian phone rings', () => {
  it('finds the state of a phone from its area code', () => {
    expect(ufOfPhone('+5521987654321')).toBe('RJ');
    expect(ufOfPhone('+5581912345678')).toBe('PE');
    expect(ufOfPhone('+556832241234')).toBe('AC');
    expect(ufOfPhone('+5597981234567')).toBe('AM');
    expect(ufOfPhone('+5520987654321')).toBeUndefined();
    expect(ufOfPhone('21987654321')).toBeUndefined();
  });

  it('knows the four offsets, without daylight saving time', () => {
    expect([utcOffsetHours('SP'), utcOffsetHours('MT'), utcOffsetHours('AC')]).toEqual([
      -3, -4, -5,
    ]);
  });

  it('computes Easter and the holidays that move with it, for any year', () => {
    expect(['2024', '2025', '2026', '2027', '2038'].map((year) => easterSunday(+year))).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2038-04-25',
    ]);
    const days2026 = Object.fromEntries(nationalHolidays(2026).map((h) => [h.name, h.day]));
    expect(days2026).toMatchObject({
      'Carnaval (segunda-feira)': '2026-02-16',
      'Carnaval (terça-feira)': '2026-02-17',
      'Sexta-feira Santa': '2026-04-03',
      'Corpus Christi': '2026-06-04',
      Tiradentes: '2026-04-21',
      'Dia Nacional de Zumbi e da Consciência Negra': '2026-11-20',
    });
    expect(nationalHolidays(2026)).toHaveLength(13);
    // 20 de novembro is a national holiday from 2024 on (Lei 14.759/2023).
    expect(nationalHolidays(2023).map((holiday) => holiday.day)).not.toContain('2023-11-20');
  });
});

describe('calling windows', () => {
  it('Saturday 15:30 in Recife: the national rule closes at 14h; next is Monday 8h', () => {
    // 28/11/2026 is a Saturday; Recife is UTC−3.
    expect(statusIn('PE', '2026-11-28T18:30:00Z')).toEqual({
      allowed: false,
      next: at('2026-11-30T11:00:00Z'),
      holiday: null,
    });
    expect(statusIn('PE', '2026-11-28T13:00:00Z')).toEqual({
      allowed: true,
      until: at('2026-11-28T17:00:00Z'),
    });
  });

  it('a Carnaval Tuesday in Rio: no calls (Lei 7.853/2018); next is Wednesday 8h', () => {
    const status = statusIn('RJ', '2027-02-09T13:00:00Z');
    expect(status).toEqual({
      allowed: false,
      next: at('2027-02-10T11:00:00Z'),
      holiday: { day: '2027-02-09', name: 'Carnaval (terça-feira)' },
    });
  });

  it('20:30 in Rio Branco (UTC−5) is past the national 20h; 19:59 is still in', () => {
    // Wednesday 25/11/2026, 20:30 in Rio Branco = Thursday 01:30 UTC.
    expect(statusIn('AC', '2026-11-26T01:30:00Z')).toEqual({
      allowed: false,
      next: at('2026-11-26T13:00:00Z'),
      holiday: null,
    });
    expect(statusIn('AC', '2026-11-26T00:59:00Z')).toEqual({
      allowed: true,
      until: at('2026-11-26T01:00:00Z'),
    });
  });

  it('applies each state law: Espírito Santo to 19h, Rio and Ceará to 18h, none on Saturday', () => {
    // Tuesday 24/11/2026, 18:30 in the UTC−3 states.
    const evening = '2026-11-24T21:30:00Z';
    expect(statusIn('ES', evening).allowed).toBe(true);
    expect(statusIn('RJ', evening).allowed).toBe(false);
    expect(statusIn('CE', evening).allowed).toBe(false);
    expect(statusIn('SP', evening).allowed).toBe(true);
    const saturdayMorning = '2026-11-28T13:00:00Z';
    expect(statusIn('RJ', saturdayMorning)).toMatchObject({
      allowed: false,
      next: at('2026-11-30T11:00:00Z'),
    });
    expect(statusIn('MS', saturdayMorning).allowed).toBe(false);
  });

  it('before the window opens today, the next call is today', () => {
    expect(statusIn('SP', '2026-11-24T10:15:00Z')).toEqual({
      allowed: false,
      next: at('2026-11-24T11:00:00Z'),
      holiday: null,
    });
  });

  it('takes the state holidays the administrators add', () => {
    // 9 de julho (São Paulo's Revolução Constitucionalista), a Thursday in 2026, 10h.
    const lookup = holidayLookup([
      { day: '2026-07-09', name: 'Revolução Constitucionalista', uf: 'SP' },
    ]);
    expect(statusIn('SP', '2026-07-09T13:00:00Z', lookup)).toMatchObject({
      allowed: false,
      holiday: { name: 'Revolução Constitucionalista' },
      next: at('2026-07-10T11:00:00Z'),
    });
    expect(statusIn('MG', '2026-07-09T13:00:00Z', lookup).allowed).toBe(true);
  });

  it("takes a city's holiday for the leads of that city only, however its name is written", () => {
    // 8 de dezembro in Campinas (Nossa Senhora da Conceição), a Tuesday in 2026, 10h.
    const lookup = holidayLookup([
      { day: '2026-12-08', name: 'Nossa Senhora da Conceição', uf: 'SP', city: 'Campinas' },
    ]);
    const tenAm = at('2026-12-08T13:00:00Z');
    const inCity = (uf: 'SP' | 'MG', city: string | null) =>
      callingStatus(uf, tenAm, defaultCallingRules, lookup, city);
    expect(inCity('SP', 'CAMPINAS ')).toMatchObject({
      allowed: false,
      holiday: { name: 'Nossa Senhora da Conceição' },
      next: at('2026-12-09T11:00:00Z'),
    });
    expect(inCity('SP', 'São Paulo').allowed).toBe(true);
    expect(inCity('SP', null).allowed).toBe(true);
    // A Campinas elsewhere is another city.
    expect(inCity('MG', 'Campinas').allowed).toBe(true);
  });

  it('refuses a municipal holiday without its state', () => {
    const parsed = extraHolidaySchema.safeParse({
      day: '2026-12-08',
      name: 'Feriado da cidade',
      uf: null,
      city: 'Campinas',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Um feriado municipal precisa da UF da cidade.');
  });

  it('a lead of unknown state is called on Brasília time under the national rule', () => {
    expect(statusIn(undefined, '2026-11-24T22:30:00Z').allowed).toBe(true);
    expect(statusIn(undefined, '2026-11-24T23:30:00Z').allowed).toBe(false);
  });

  it('a rule without any window never opens', () => {
    const closed = {
      weekdays: [null, null, null, null, null, null, null],
      onHolidays: false,
      law: null,
    };
    expect(
      callingStatus('SP', at('2026-11-24T13:00:00Z'), { national: closed, byUf: {} }, holidays),
    ).toEqual({ allowed: false, next: null, holiday: null });
  });
});
