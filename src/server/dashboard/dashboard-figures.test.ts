import { describe, expect, it } from 'vitest';
import type { Dashboard } from '../../core/dashboard.ts';
import { setUpDashboardTestApp } from './fixtures/dashboard-test-app.ts';

const { context, seedAttempts, seedDistribution, readDashboard } = setUpDashboardTestApp();

/** Noon of 10/03/2026 in São Paulo (UTC−3). */
const noon = Date.parse('2026-03-10T15:00:00Z');

async function readRange(range: string) {
  const response = await context.t
    .as(context.adminCookie)
    .get(`/api/dashboard?range=${encodeURIComponent(range)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Dashboard;
}

async function seedBatch() {
  const row = await context.t.database.db
    .insertInto('import_batches')
    .values({
      file_name: 'painel.csv',
      file_size: 100,
      format: 'csv',
      source: 'painel',
      mapping: {},
      status: 'done',
      created_by: context.adminId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Today (10/03, São Paulo): six calls, two of nobody answering, one out of hours; yesterday two;
 * a week before one more. Leads imported from a file, and sent by another system's token.
 */
async function seedDay() {
  context.clock = noon;
  const { ana, bruno } = context;
  const batch = await seedBatch();
  const [imported] = await context.t.seedLeads(1, {
    status: 'green',
    owner_id: ana.id,
    batch_id: batch,
  });
  const [sent] = await context.t.seedLeads(1, { status: 'red', owner_id: ana.id, source: 'crm' });
  const call = (
    lead: number | undefined,
    assessor: string,
    outcome: string,
    at: string,
    outsideWindowReason: string | null = null,
  ) => ({
    lead_id: lead as number,
    assessor_id: assessor,
    outcome: outcome as 'green',
    created_at: new Date(at),
    outside_window_reason: outsideWindowReason,
  });
  await seedAttempts([
    call(imported, ana.id, 'invalid', '2026-03-10T10:00:00Z', 'O cliente pediu cedo'),
    call(sent, ana.id, 'wrong_person', '2026-03-10T11:00:00Z'),
    call(sent, ana.id, 'no_answer', '2026-03-10T12:10:00Z'),
    call(imported, ana.id, 'green', '2026-03-10T13:30:00Z'),
    call(sent, ana.id, 'red', '2026-03-10T14:00:00Z'),
    call(imported, bruno.id, 'yellow', '2026-03-10T14:59:00Z'),
    // Yesterday.
    call(imported, ana.id, 'green', '2026-03-09T15:00:00Z'),
    call(sent, bruno.id, 'no_answer', '2026-03-09T16:00:00Z'),
    // 02/03: in the 30 days, not in the 7.
    call(sent, bruno.id, 'green', '2026-03-02T15:00:00Z'),
  ]);
  await seedDistribution('2026-03-09T15:00:00Z', [[ana.id, 5]]);
  await seedDistribution('2026-03-10T12:00:00Z', [
    [ana.id, 2],
    [bruno.id, 3],
  ]);

  // The lists: three leads handed over today still to call, three from earlier days.
  const today = new Date('2026-03-10T12:00:00Z');
  const earlier = new Date('2026-03-08T12:00:00Z');
  await context.t.seedLeads(2, { status: 'assigned', owner_id: ana.id, assigned_at: today });
  await context.t.seedLeads(1, { status: 'assigned', owner_id: ana.id, assigned_at: earlier });
  await context.t.seedLeads(1, { status: 'no_answer', owner_id: ana.id, assigned_at: earlier });
  const callback = (at: string, assignedAt: Date) => ({
    status: 'yellow' as const,
    owner_id: bruno.id,
    assigned_at: assignedAt,
    callback_at: new Date(at),
    next_call_at: new Date(at),
    next_call_reason: 'callback' as const,
  });
  // One call-back due two hours ago (overdue), one at 15:00 (not yet).
  await context.t.seedLeads(1, callback('2026-03-10T13:00:00Z', earlier));
  await context.t.seedLeads(1, callback('2026-03-10T18:00:00Z', today));
  // Neither in a list to call: not waiting.
  await context.t.seedLeads(1, { status: 'new' });
}

describe('the dashboard’s words: ligações, contatos, aceites', () => {
  it('converts aceites ÷ contatos, and Não atendeu and Número inválido are no contact', async () => {
    await seedDay();
    const dashboard = await readDashboard();
    expect(dashboard.todayTotals).toMatchObject({
      calls: 6,
      contacts: 4,
      accepted: 1,
      conversionRate: 0.25,
    });
    const ana = dashboard.assessors.find((row) => row.name === 'Ana');
    expect(ana).toMatchObject({ calls: 5, contacts: 3, accepted: 1, conversionRate: 1 / 3 });
  });

  it('keeps the old fields of a call with no period', async () => {
    await seedDay();
    const dashboard = await readDashboard();
    expect(dashboard.range).toEqual({
      key: 'today',
      firstDay: '2026-03-10',
      lastDay: '2026-03-10',
    });
    expect(dashboard.todayTotals).toMatchObject({ distributed: 5, attended: 6, accepted: 1 });
    expect(dashboard.assessors.find((row) => row.name === 'Bruno')).toMatchObject({
      distributedToday: 3,
      attendedToday: 1,
      acceptedToday: 0,
    });
  });
});

describe('the manager’s day', () => {
  it('counts the lists still to call, the overdue call-backs, the hours and the origins', async () => {
    await seedDay();
    const dashboard = await readDashboard();
    expect(dashboard.backlog).toEqual({ earlier: 3, today: 3, total: 6 });
    expect(dashboard.overdueCallbacks).toBe(1);
    expect(dashboard.todayTotals.outOfHours).toBe(1);

    expect(dashboard.callsByHour).toHaveLength(24);
    const busy = dashboard.callsByHour.filter((hour) => hour.calls > 0);
    expect(busy).toEqual([
      { hour: 7, calls: 1, contacts: 0 },
      { hour: 8, calls: 1, contacts: 1 },
      { hour: 9, calls: 1, contacts: 0 },
      { hour: 10, calls: 1, contacts: 1 },
      { hour: 11, calls: 2, contacts: 2 },
    ]);
    expect(dashboard.byOrigin).toEqual([
      { origin: 'import', contacts: 2, accepted: 1, conversionRate: 0.5 },
      { origin: 'token', contacts: 2, accepted: 0, conversionRate: 0 },
    ]);
  });

  it('sums the period chosen: today, yesterday, 7 and 30 days', async () => {
    await seedDay();
    const yesterday = await readRange('yesterday');
    expect(yesterday.range).toEqual({
      key: 'yesterday',
      firstDay: '2026-03-09',
      lastDay: '2026-03-09',
    });
    expect(yesterday.totals).toEqual({
      distributed: 5,
      calls: 2,
      contacts: 1,
      accepted: 1,
      conversionRate: 1,
    });
    expect(yesterday.assessors.find((row) => row.name === 'Bruno')).toMatchObject({
      distributed: 0,
      calls: 1,
      contacts: 0,
      accepted: 0,
      conversionRate: null,
    });

    const week = await readRange('7d');
    expect(week.range).toMatchObject({ firstDay: '2026-03-04', lastDay: '2026-03-10' });
    expect(week.totals).toEqual({
      distributed: 10,
      calls: 8,
      contacts: 5,
      accepted: 2,
      conversionRate: 0.4,
    });
    expect(week.assessors.find((row) => row.name === 'Ana')).toMatchObject({
      distributed: 7,
      calls: 6,
      contacts: 4,
      accepted: 2,
      conversionRate: 0.5,
    });
    // Today's own figures do not follow the period.
    expect(week.todayTotals).toMatchObject({ calls: 6, contacts: 4 });

    const month = await readRange('30d');
    expect(month.range).toMatchObject({ firstDay: '2026-02-09', lastDay: '2026-03-10' });
    expect(month.totals).toMatchObject({ calls: 9, contacts: 6, accepted: 3, conversionRate: 0.5 });
  });

  it('refuses a period it does not know, in Portuguese', async () => {
    const response = await context.t.as(context.adminCookie).get('/api/dashboard?range=semana');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/Período inválido/);
  });
});
