import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from './testing/test-app.ts';

/**
 * Every "today", every day of a filter and every time shown is the call centre's (TIME_ZONE),
 * not São Paulo's. Each zone gets records at an instant that falls on one day there and on
 * the next or the previous day in São Paulo.
 */
const zones = [
  // 23:30 of 19/11 in Manaus (UTC−4) is already 00:30 of 20/11 in São Paulo.
  {
    zone: 'America/Manaus',
    at: '2026-11-20T03:30:00Z',
    day: '2026-11-19',
    text: '19/11/2026 23:30',
  },
  // 00:30 of 20/11 in Noronha (UTC−2) is still 23:30 of 19/11 in São Paulo.
  {
    zone: 'America/Noronha',
    at: '2026-11-20T02:30:00Z',
    day: '2026-11-20',
    text: '20/11/2026 00:30',
  },
] as const;

/** The other day: where São Paulo puts the same instant. */
function saoPauloDay(day: string, zone: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + (zone === 'America/Manaus' ? 1 : -1));
  return date.toISOString().slice(0, 10);
}

describe.each(zones)('with TIME_ZONE=$zone', ({ zone, at, day, text }) => {
  let t: TestApp;
  let admin: string;
  let assessor: TestUser;
  let leadId: number;
  let attemptId: number;
  let auditId: number;
  const otherDay = saoPauloDay(day, zone);

  beforeAll(async () => {
    t = await createTestApp({ env: { timeZone: zone } });
    admin = await t.signInAsAdmin();
    assessor = await t.createSignedInUser('assessor', 'Ana');
    const instant = new Date(at);
    [leadId] = (await t.seedLeads(1, {
      status: 'green',
      owner_id: assessor.id,
      assigned_at: instant,
      created_at: instant,
      status_changed_at: instant,
    })) as [number];
    const attempt = await t.database.db
      .insertInto('lead_attempts')
      .values({
        lead_id: leadId,
        assessor_id: assessor.id,
        outcome: 'green',
        channel: 'phone',
        note: null,
        callback_at: null,
        created_at: instant,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    attemptId = attempt.id;
    const audit = await t.database.db
      .insertInto('audit_log')
      .values({ at: instant, action: 'user.created', details: JSON.stringify({}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    auditId = audit.id;
  });

  afterAll(async () => {
    await t?.close();
  });

  async function getJson<T>(url: string): Promise<T> {
    const response = await t.as(admin).get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  }

  async function getText(url: string): Promise<string> {
    const response = await t.as(admin).get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  }

  const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

  it('filters the call records by its days and exports their local time', async () => {
    const onDay = await getJson<{ attempts: { id: number }[] }>(
      `/api/attempts?from=${day}&to=${day}`,
    );
    expect(ids(onDay.attempts)).toEqual([attemptId]);
    const onOtherDay = await getJson<{ attempts: { id: number }[] }>(
      `/api/attempts?from=${otherDay}&to=${otherDay}`,
    );
    expect(ids(onOtherDay.attempts)).toEqual([]);
    expect(await getText('/api/attempts/export?format=csv')).toContain(text);
  });

  it('filters the accepted leads by its days and exports their local time', async () => {
    const onDay = await getJson<{ leads: { id: number }[] }>(
      `/api/follow-up?from=${day}&to=${day}`,
    );
    expect(ids(onDay.leads)).toEqual([leadId]);
    const onOtherDay = await getJson<{ leads: { id: number }[] }>(
      `/api/follow-up?from=${otherDay}&to=${otherDay}`,
    );
    expect(ids(onOtherDay.leads)).toEqual([]);
    expect(await getText('/api/follow-up/export?format=csv')).toContain(text);
  });

  it('filters the lead list by its days and exports their local time', async () => {
    const onDay = await getJson<{ leads: { id: number }[] }>(
      `/api/leads?createdFrom=${day}&createdTo=${day}`,
    );
    expect(ids(onDay.leads)).toEqual([leadId]);
    const onOtherDay = await getJson<{ leads: { id: number }[] }>(
      `/api/leads?createdFrom=${otherDay}&createdTo=${otherDay}`,
    );
    expect(ids(onOtherDay.leads)).toEqual([]);
    expect(await getText('/api/leads/export?format=csv')).toContain(text);
  });

  it('filters the audit log by its days', async () => {
    const onDay = await getJson<{ entries: { id: number }[] }>(`/api/audit?from=${day}&to=${day}`);
    expect(ids(onDay.entries)).toContain(auditId);
    const onOtherDay = await getJson<{ entries: { id: number }[] }>(
      `/api/audit?from=${otherDay}&to=${otherDay}`,
    );
    expect(ids(onOtherDay.entries)).not.toContain(auditId);
  });

  it('names an export for its local date and hour', async () => {
    const localHour = () => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-CA', {
          timeZone: zone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          hourCycle: 'h23',
        })
          .formatToParts(new Date())
          .map((part) => [part.type, part.value]),
      );
      return `leads-${parts.year}-${parts.month}-${parts.day}-${parts.hour}`;
    };
    const before = localHour();
    const response = await t.as(admin).get('/api/leads/export?format=csv');
    const name = /filename="([^"]+)"/.exec(String(response.headers['content-disposition']))?.[1];
    // The hour may turn during the request: either side of it is right.
    expect([before, localHour()]).toContain(name?.slice(0, before.length));
  });

  it('counts "received today" and "pending from earlier days" from its midnight', async () => {
    // Handed out now, and at a minute that is today in this zone and yesterday in São Paulo
    // (Noronha) or yesterday here and today in São Paulo (Manaus): a distribution of one
    // lead at each moment.
    const midnight = sql`((now() at time zone ${sql.lit(zone)})::date::timestamp at time zone ${sql.lit(zone)})`;
    const boundary =
      zone === 'America/Manaus'
        ? sql`${midnight} - interval '30 minutes'`
        : sql`${midnight} + interval '1 second'`;
    for (const at of [sql`now()`, boundary]) {
      await t.seedLeads(1);
      const handed = await t
        .as(admin)
        .post('/api/distributions', { perAssessor: { [assessor.id]: 1 } });
      expect(handed.statusCode, handed.body).toBe(201);
      const { id } = handed.json() as { id: number };
      await sql`update distributions set created_at = ${at} where id = ${id}`.execute(
        t.database.db,
      );
      await sql`
        update leads set assigned_at = ${at}
        where id = (select lead_id from lead_history where reason = ${`Distribuição #${id}`})
      `.execute(t.database.db);
    }
    const overview = await getJson<{
      assessors: { id: string; receivedToday: number; pendingEarlier: number }[];
    }>('/api/distributions/overview');
    const ana = overview.assessors.find((row) => row.id === assessor.id);
    expect(ana?.receivedToday).toBe(zone === 'America/Manaus' ? 1 : 2);
    expect(ana?.pendingEarlier).toBe(zone === 'America/Manaus' ? 1 : 0);
  });
});
