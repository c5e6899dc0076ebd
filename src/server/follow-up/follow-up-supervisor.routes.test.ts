import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessState } from '../testing/business-state.ts';
import { type SeededTeam, seedTeam } from '../testing/floor-teams.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/**
 * A supervisor's follow-up, call records and dashboard: its teams' assessors' accepted leads,
 * calls and figures, never another team's (decision 041).
 */

let t: TestApp;
let teamA: SeededTeam;
let teamB: SeededTeam;
let ownLead: number;
let otherLead: number;

beforeAll(async () => {
  t = await createTestApp();
  teamA = await seedTeam(t, 'A');
  teamB = await seedTeam(t, 'B');
  const [own] = teamA.assessors as [SeededTeam['assessors'][number]];
  const [other] = teamB.assessors as [SeededTeam['assessors'][number]];
  ownLead = await t.assignedLead(own);
  otherLead = await t.assignedLead(other);
  for (const [user, lead] of [
    [own, ownLead],
    [other, otherLead],
  ] as const) {
    const call = await t.recordCall(user, lead, 'green', { note: 'Aceitou' });
    expect(call.statusCode, call.body).toBe(201);
  }
});
afterAll(() => t.close());

const supervisor = () => t.as(teamA.supervisor);

describe("a supervisor's follow-up, calls and dashboard", () => {
  it("lists and exports its assessors' accepted leads, and marks only those", async () => {
    const page = (await supervisor().get('/api/follow-up')).json();
    expect(page.leads.map((lead: { id: number }) => lead.id)).toEqual([ownLead]);
    const csv = await supervisor().get('/api/follow-up/export?format=csv');
    expect(csv.body.trim().split('\r\n')).toHaveLength(2);
    const before = await businessState(t.database.db);
    const refused = await supervisor().patch(`/api/follow-up/${otherLead}`, { confirmed: true });
    expect(refused.statusCode).toBe(404);
    expect(await businessState(t.database.db)).toEqual(before);
    const marked = await supervisor().patch(`/api/follow-up/${ownLead}`, { confirmed: true });
    expect(marked.statusCode).toBe(200);
  });

  it("reads its assessors' calls only, whatever assessor the filter names", async () => {
    const calls = (await supervisor().get('/api/attempts')).json();
    expect(calls.attempts.map((call: { leadId: number }) => call.leadId)).toEqual([ownLead]);
    const other = await supervisor().get(`/api/attempts?assessor=${teamB.assessors[0]?.id}`);
    expect(other.json().attempts).toEqual([]);
    const csv = await supervisor().get('/api/attempts/export?format=csv');
    expect(csv.body.trim().split('\r\n')).toHaveLength(2);
  });

  it("counts its assessors' figures on the dashboard; the administrator's stay everyone's", async () => {
    const mine = (await supervisor().get('/api/dashboard')).json();
    expect(mine.assessors.map((row: { id: string }) => row.id)).toEqual([teamA.assessors[0]?.id]);
    expect(mine.todayTotals).toMatchObject({ calls: 1, contacts: 1, accepted: 1 });
    expect(mine.totals).toMatchObject({ calls: 1, accepted: 1 });
    const admin = await t.signInAsAdmin();
    const all = (await t.as(admin).get('/api/dashboard')).json();
    expect(all.assessors).toHaveLength(2);
    expect(all.todayTotals).toMatchObject({ calls: 2, contacts: 2, accepted: 2 });
    // The leads by status are the whole centre's for both.
    expect(mine.statusCounts).toEqual(all.statusCounts);
  });
});
