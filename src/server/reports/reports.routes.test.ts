import { beforeAll, describe, expect, it } from 'vitest';
import type { PerformanceReport, PerformanceRow } from '../../core/reports.ts';
import { loadExcelJs } from '../export/index.ts';
import { setUpTestApp } from '../testing/set-up-test-app.ts';
import type { TestUser } from '../testing/test-app.ts';

/** Noon of 10/03/2026 in São Paulo (UTC−3): the day runs from 03:00Z to 03:00Z. */
const noon = Date.parse('2026-03-10T15:00:00Z');
const context = setUpTestApp({
  app: { now: () => noon },
  assessors: { ana: 'Ana', bruno: 'Bruno', carla: 'Carla' },
});
let supervisor: TestUser;
let lunch: number;

const at = (iso: string) => new Date(iso);

/**
 * Ana leads team Alfa (its supervisor sees her only), Bruno team Beta, Carla no team.
 * Ana on 10/03: signed in from 23:00 on the 9th (02:00Z), disconnected 00:30 to 08:00, then
 * available, two calls (5 and 10 min), 30 min of lunch, still available at noon.
 */
beforeAll(async () => {
  const db = context.t.database.db;
  const { ana, bruno } = context;
  supervisor = await context.t.createSignedInUser('supervisor', 'Sofia');
  const alfa = await db
    .insertInto('teams')
    .values({ name: 'Alfa' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const beta = await db
    .insertInto('teams')
    .values({ name: 'Beta' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('users').set({ team_id: alfa.id }).where('id', '=', ana.id).execute();
  await db.updateTable('users').set({ team_id: beta.id }).where('id', '=', bruno.id).execute();
  await db
    .insertInto('team_supervisors')
    .values({ team_id: alfa.id, supervisor_id: supervisor.id })
    .execute();
  const reason = await db
    .selectFrom('pause_reasons')
    .select('id')
    .where('name', '=', 'Almoço')
    .executeTakeFirstOrThrow();
  lunch = reason.id;
  const span = (
    user: string,
    state: 'available' | 'on_call' | 'paused' | 'disconnected',
    from: string,
    to: string | null,
    pause: number | null = null,
  ) => ({
    user_id: user,
    state,
    pause_reason_id: pause,
    started_at: at(from),
    ended_at: to ? at(to) : null,
  });
  await db
    .insertInto('agent_state_log')
    .values([
      span(ana.id, 'available', '2026-03-10T02:00:00Z', '2026-03-10T03:30:00Z'),
      span(ana.id, 'disconnected', '2026-03-10T03:30:00Z', '2026-03-10T11:00:00Z'),
      span(ana.id, 'available', '2026-03-10T11:00:00Z', '2026-03-10T12:00:00Z'),
      span(ana.id, 'on_call', '2026-03-10T12:00:00Z', '2026-03-10T12:05:00Z'),
      span(ana.id, 'available', '2026-03-10T12:05:00Z', '2026-03-10T13:00:00Z'),
      span(ana.id, 'paused', '2026-03-10T13:00:00Z', '2026-03-10T13:30:00Z', lunch),
      span(ana.id, 'on_call', '2026-03-10T13:30:00Z', '2026-03-10T13:40:00Z'),
      span(ana.id, 'available', '2026-03-10T13:40:00Z', null),
      // Bruno: an hour on the 8th, two periods back: in no figure asked for below.
      span(bruno.id, 'available', '2026-03-08T12:00:00Z', '2026-03-08T13:00:00Z'),
    ])
    .execute();
  const [lead] = await context.t.seedLeads(1, { status: 'green', owner_id: ana.id });
  const call = (assessor: string, outcome: string, iso: string) => ({
    lead_id: lead as number,
    assessor_id: assessor,
    outcome: outcome as 'green',
    channel: 'phone' as const,
    created_at: at(iso),
  });
  await db
    .insertInto('lead_attempts')
    .values([
      call(ana.id, 'green', '2026-03-10T12:03:00Z'),
      call(ana.id, 'red', '2026-03-10T13:35:00Z'),
      call(ana.id, 'no_answer', '2026-03-10T14:00:00Z'),
      call(bruno.id, 'yellow', '2026-03-10T14:10:00Z'),
      // The 9th in São Paulo (23:30), the previous period.
      call(ana.id, 'green', '2026-03-10T02:30:00Z'),
    ])
    .execute();
});

async function read(query: string, cookie = context.adminCookie) {
  const response = await context.t.as(cookie).get(`/api/reports/performance?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PerformanceReport;
}

const rowOf = (report: PerformanceReport, name: string) =>
  report.rows.find((row) => row.name === name) as PerformanceRow;

describe('GET /api/reports/performance', () => {
  it('is for the floor: 401 signed out, 403 for an assessor', async () => {
    const url = '/api/reports/performance?from=2026-03-10&to=2026-03-10';
    expect((await context.t.app.inject({ url })).statusCode).toBe(401);
    expect((await context.t.as(context.ana).get(url)).statusCode).toBe(403);
    expect(
      (await context.t.as(context.ana).get(url.replace('performance', 'performance.csv')))
        .statusCode,
    ).toBe(403);
  });

  it("gives each figure of an assessor's day, and the day before as the previous period", async () => {
    const report = await read('from=2026-03-10&to=2026-03-10');
    expect(report.period).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(report.previousPeriod).toEqual({ from: '2026-03-09', to: '2026-03-09' });
    const ana = rowOf(report, 'Ana');
    expect(ana).toMatchObject({
      id: context.ana.id,
      teamName: 'Alfa',
      calls: 3,
      contacts: 2,
      accepted: 1,
      conversion: 0.5,
      // 30 min before 03:30Z, 11:00Z to noon (4 h) with the open state until now.
      signedInSeconds: 1800 + 4 * 3600,
      pauseSeconds: 1800,
      pauseSecondsByReason: [{ reasonId: lunch, reason: 'Almoço', seconds: 1800 }],
      averageHandlingSeconds: 450,
      // 3 calls in 4 h worked (4 h 30 min signed in, 30 min of lunch).
      callsPerHourWorked: 0.75,
    });
    expect(ana.outcomes).toMatchObject({ green: 1, red: 1, no_answer: 1, yellow: 0 });
    expect(ana.previous).toMatchObject({
      calls: 1,
      contacts: 1,
      accepted: 1,
      conversion: 1,
      signedInSeconds: 3600,
      pauseSeconds: 0,
      averageHandlingSeconds: null,
      callsPerHourWorked: 1,
    });
    const bruno = rowOf(report, 'Bruno');
    expect(bruno).toMatchObject({ calls: 1, contacts: 1, accepted: 0, conversion: 0 });
    expect(bruno).toMatchObject({ signedInSeconds: 0, callsPerHourWorked: null });
    expect(bruno.previous.signedInSeconds).toBe(0);
    // Carla is active with no figure: shown with zeros.
    expect(rowOf(report, 'Carla')).toMatchObject({ calls: 0, conversion: null, teamName: null });
    expect(report.totals).toMatchObject({
      calls: 4,
      contacts: 3,
      accepted: 1,
      signedInSeconds: 16200,
    });
    expect(report.previousTotals).toMatchObject({ calls: 1, signedInSeconds: 3600 });
    // São Paulo's hours: 09:03, 10:35, 11:00 and 11:10.
    expect(report.callsByHour).toHaveLength(24);
    expect(report.callsByHour.filter((hour) => hour.calls > 0)).toEqual([
      { hour: 9, calls: 1 },
      { hour: 10, calls: 1 },
      { hour: 11, calls: 2 },
    ]);
  });

  it("reads a preset in the call centre's days: 7 dias ends today, Este mês starts on the 1st", async () => {
    const week = await read('period=7d');
    expect(week).toMatchObject({ today: '2026-03-10', preset: '7d' });
    expect(week.period).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(week.previousPeriod).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(week.totals.calls).toBe(5);
    const month = await read('period=month');
    expect(month.period).toEqual({ from: '2026-03-01', to: '2026-03-10' });
    const yesterday = await read('period=yesterday');
    expect(yesterday.period).toEqual({ from: '2026-03-09', to: '2026-03-09' });
    expect(yesterday.totals.calls).toBe(1);
  });

  it('clips a period of several days and counts its previous one of the same length', async () => {
    const report = await read('from=2026-03-09&to=2026-03-10');
    expect(report.previousPeriod).toEqual({ from: '2026-03-07', to: '2026-03-08' });
    const ana = rowOf(report, 'Ana');
    expect(ana).toMatchObject({ calls: 4, signedInSeconds: 5400 + 4 * 3600 });
    expect(rowOf(report, 'Bruno').previous).toMatchObject({ signedInSeconds: 3600, calls: 0 });
  });

  it('sums assessors into teams, the ones in no team last', async () => {
    const report = await read('from=2026-03-10&to=2026-03-10&by=team');
    expect(report.rows.map((row) => [row.name, row.calls])).toEqual([
      ['Alfa', 3],
      ['Beta', 1],
      ['Sem equipe', 0],
    ]);
    expect(report.rows[2]?.id).toBeNull();
    expect(report.rows[0]).toMatchObject({ averageHandlingSeconds: 450, signedInSeconds: 16200 });
  });

  it("shows a supervisor only its teams' assessors, their calls and hours", async () => {
    const report = await read('from=2026-03-10&to=2026-03-10', supervisor.cookie);
    expect(report.rows.map((row) => row.name)).toEqual(['Ana']);
    expect(report.totals.calls).toBe(3);
    expect(report.callsByHour.reduce((sum, hour) => sum + hour.calls, 0)).toBe(3);
    const teams = await read('from=2026-03-10&to=2026-03-10&by=team', supervisor.cookie);
    expect(teams.rows.map((row) => row.name)).toEqual(['Alfa']);
  });

  it('refuses bad periods with a pt-BR message', async () => {
    const cases: [string, RegExp][] = [
      ['to=2026-03-10', /Informe o período/],
      ['period=ano', /Período inválido/],
      ['from=2026-02-30&to=2026-03-10', /Data inválida/],
      ['from=10/03/2026&to=2026-03-10', /Data inválida/],
      ['from=2026-03-10&to=2026-03-09', /data inicial/],
      ['from=2025-01-01&to=2026-03-10', /no máximo 366 dias/],
      ['from=2026-03-10&to=2026-03-10&by=lead', /Agrupamento inválido/],
    ];
    for (const [query, message] of cases) {
      const response = await context.t
        .as(context.adminCookie)
        .get(`/api/reports/performance?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toMatch(message);
    }
  });
});

describe('GET /api/reports/performance.csv and .xlsx', () => {
  it("exports the report in Excel Brazil's CSV: decimal comma, h:mm:ss, a total row", async () => {
    const response = await context.t
      .as(context.adminCookie)
      .get('/api/reports/performance.csv?from=2026-03-10&to=2026-03-10');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="desempenho-assessores-\d{4}-\d{2}-\d{2}-\d{4}\.csv"/,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    const headers = lines[0]?.split(';') ?? [];
    expect(headers.slice(0, 10)).toEqual([
      'Assessor',
      'Equipe',
      'Ligações',
      'Contatos',
      'Aceites',
      'Conversão (%)',
      'Tempo logado',
      'Tempo em pausa',
      'Pausa: Almoço',
      'TMA',
    ]);
    expect(headers).toContain('Ligações por hora trabalhada');
    expect(headers).toContain('Aceitou');
    const ana = lines.find((line) => line.startsWith('Ana;'))?.split(';') ?? [];
    expect(ana.slice(0, 12)).toEqual([
      'Ana',
      'Alfa',
      '3',
      '2',
      '1',
      // Quoted, as the house's CSV quotes any comma, so a reader guessing the delimiter keeps it.
      '"50,0"',
      '4:30:00',
      '0:30:00',
      '0:30:00',
      '0:07:30',
      '"0,75"',
      '1',
    ]);
    expect(lines.at(-1)).toMatch(/^Total;;4;3;1;"33,3";4:30:00;/);
  });

  it('exports teams as XLSX, the figures as numbers', async () => {
    const response = await context.t
      .as(context.adminCookie)
      .get('/api/reports/performance.xlsx?from=2026-03-10&to=2026-03-10&by=team');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/desempenho-equipes-.*\.xlsx"/);
    const { default: ExcelJS } = await loadExcelJs();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Desempenho');
    expect(sheet?.getRow(1).values).toEqual(expect.arrayContaining(['Equipe', 'Ligações', 'TMA']));
    const alfa = sheet?.getRow(2).values as unknown[];
    expect(alfa.slice(1, 8)).toEqual(['Alfa', 3, 2, 1, 50, '4:30:00', '0:30:00']);
  });

  it('refuses a bad period before writing anything, and records an export in the audit log', async () => {
    const bad = await context.t
      .as(context.adminCookie)
      .get('/api/reports/performance.csv?from=2026-03-10&to=2026-01-01');
    expect(bad.statusCode).toBe(400);
    const audit = await context.t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'export.performance')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });
});
