import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallingCalendar, defaultCallingRules } from '../../core/calling-windows.ts';
import { withAuditRefused } from '../testing/refuse-audit.ts';
import { createTestApp, type TestApp, type TestUser, testOrigin } from '../testing/test-app.ts';

let t: TestApp;
let adminCookie: string;
let assessor: TestUser;

beforeAll(async () => {
  t = await createTestApp({ shippedCallingHours: true });
  adminCookie = await t.signInAsAdmin();
  assessor = await t.createSignedInUser('assessor', 'Assessora Horários');
});
afterAll(() => t.close());

const read = (cookie: string) => t.as(cookie).get('/api/calling-calendar');
const replace = (cookie: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/calling-calendar',
    headers: { origin: testOrigin, cookie },
    payload: payload as Record<string, unknown>,
  });

const saoPaulo = {
  weekdays: [null, ...Array(5).fill({ from: 9 * 60, to: 17 * 60 }), null],
  onHolidays: false,
  law: null,
};

describe('/api/calling-calendar', () => {
  it('answers the shipped rules, each state law cited, to anyone signed in', async () => {
    const response = await read(assessor.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.rules).toEqual(defaultCallingRules);
    expect(body.holidays).toEqual([]);
    expect(body.rules.byUf.RJ.law).toMatch(/^Lei estadual 7\.853\/2018 \(RJ\)/);
  });

  it('lets an admin change the rules and add state holidays, audited, and survives a restart of the reader', async () => {
    const calendar: CallingCalendar = {
      rules: { ...defaultCallingRules, byUf: { ...defaultCallingRules.byUf, SP: saoPaulo } },
      holidays: [
        { day: '2026-07-09', name: 'Revolução Constitucionalista', uf: 'SP' },
        { day: '2026-01-25', name: 'Aniversário de São Paulo', uf: 'SP' },
      ],
    };
    const response = await replace(adminCookie, calendar);
    expect(response.statusCode, response.body).toBe(200);
    const again = (await read(assessor.cookie)).json();
    expect(again.rules.byUf.SP).toEqual(saoPaulo);
    expect(again.holidays.map((holiday: { day: string }) => holiday.day)).toEqual([
      '2026-01-25',
      '2026-07-09',
    ]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'calling_calendar.changed')
      .executeTakeFirst();
    expect(audit?.details).toMatchObject({ holidays: 2 });
  });

  it('refuses an assessor, and a window that ends before it starts, in pt-BR, changing nothing', async () => {
    const before = (await read(adminCookie)).json();
    const refused = await replace(assessor.cookie, { rules: defaultCallingRules, holidays: [] });
    expect(refused.statusCode).toBe(403);
    const backwards = {
      rules: {
        ...defaultCallingRules,
        national: {
          ...saoPaulo,
          weekdays: [null, { from: 18 * 60, to: 8 * 60 }, null, null, null, null, null],
        },
      },
      holidays: [],
    };
    const invalid = await replace(adminCookie, backwards);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toContain(
      'O horário de início deve ser antes do horário de fim.',
    );
    const badDay = await replace(adminCookie, {
      rules: defaultCallingRules,
      holidays: [{ day: '2026-02-30', name: 'Dia que não existe', uf: null }],
    });
    expect(badDay.statusCode).toBe(400);
    const cityWithoutState = await replace(adminCookie, {
      rules: defaultCallingRules,
      holidays: [{ day: '2026-12-08', name: 'Padroeira', uf: null, city: 'Campinas' }],
    });
    expect(cityWithoutState.statusCode).toBe(400);
    expect(cityWithoutState.json().error.message).toContain(
      'Um feriado municipal precisa da UF da cidade.',
    );
    expect((await read(adminCookie)).json()).toEqual(before);
  });

  it('keeps the calendar as it was when the change cannot be audited', async () => {
    const before = (await read(adminCookie)).json();
    const calendar: CallingCalendar = {
      rules: defaultCallingRules,
      holidays: [{ day: '2026-12-08', name: 'Nossa Senhora da Conceição', uf: 'MG' }],
    };
    const response = await withAuditRefused(t.database.db, 'calling_calendar.changed', () =>
      replace(adminCookie, calendar),
    );
    expect(response.statusCode).toBe(500);
    expect((await read(adminCookie)).json()).toEqual(before);
  });

  it("keeps a city's holiday with its state", async () => {
    const holiday = {
      day: '2026-12-08',
      name: 'Padroeira de Campinas',
      uf: 'SP',
      city: 'Campinas',
    };
    const response = await replace(adminCookie, {
      rules: defaultCallingRules,
      holidays: [holiday],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await read(adminCookie)).json().holidays).toEqual([holiday]);
  });
});
