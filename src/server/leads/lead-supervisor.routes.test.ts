import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessState } from '../testing/business-state.ts';
import { type SeededTeam, seedTeam } from '../testing/floor-teams.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** A supervisor's lead list, export and bulk actions: its teams' assessors' leads only (041). */

let t: TestApp;
let teamA: SeededTeam;
let teamB: SeededTeam;
let ownLeads: number[];
let otherLead: number;
let poolLead: number;

beforeAll(async () => {
  t = await createTestApp();
  teamA = await seedTeam(t, 'A', 2);
  teamB = await seedTeam(t, 'B');
  const [first, second] = teamA.assessors as [
    SeededTeam['assessors'][number],
    SeededTeam['assessors'][number],
  ];
  ownLeads = [await t.assignedLead(first), await t.assignedLead(second)];
  otherLead = await t.assignedLead(teamB.assessors[0] as { id: string });
  [poolLead] = (await t.seedLeads(1)) as [number];
});
afterAll(() => t.close());

const supervisor = () => t.as(teamA.supervisor);

describe("a supervisor's leads", () => {
  it("lists, counts and exports its assessors' leads, never another team's or the pool's", async () => {
    const page = (await supervisor().get('/api/leads')).json() as { leads: { id: number }[] };
    expect(page.leads.map((lead) => lead.id).sort()).toEqual([...ownLeads].sort());
    // Naming another team's assessor in the filter finds nothing.
    const other = await supervisor().get(`/api/leads?assessor=${teamB.assessors[0]?.id}`);
    expect(other.json().leads).toEqual([]);
    expect((await supervisor().get('/api/leads/count')).json()).toEqual({ count: 2, exact: true });
    const csv = await supervisor().get('/api/leads/export?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(3);
    expect((await supervisor().get(`/api/leads/${ownLeads[0]}`)).statusCode).toBe(200);
    for (const id of [otherLead, poolLead]) {
      expect((await supervisor().get(`/api/leads/${id}`)).statusCode).toBe(404);
    }
  });

  it('keeps the administrator seeing every lead', async () => {
    const admin = await t.signInAsAdmin();
    const page = (await t.as(admin).get('/api/leads')).json() as { leads: unknown[] };
    expect(page.leads).toHaveLength(4);
  });

  it('refuses, changing nothing, a bulk action with a lead outside its teams, to an outsider, or not its own to take', async () => {
    const before = await businessState(t.database.db);
    const [, second] = teamA.assessors;
    const refused = [
      [{ ids: [ownLeads[0], otherLead] }, { action: 'returnToPool' }, 404],
      [{ ids: [poolLead] }, { action: 'reassign', assessorId: second?.id }, 404],
      [{ ids: [ownLeads[0]] }, { action: 'reassign', assessorId: teamB.assessors[0]?.id }, 403],
      [{ ids: [ownLeads[0]] }, { action: 'doNotCall' }, 403],
      [{ filter: {} }, { action: 'erase' }, 403],
    ] as const;
    for (const [target, operation, status] of refused) {
      const response = await supervisor().post('/api/leads/bulk', { target, operation });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.message).not.toBe('');
    }
    expect(await businessState(t.database.db)).toEqual(before);
  });

  it('hands a lead between its assessors, and returns its whole list to the pool by filter', async () => {
    const [first, second] = teamA.assessors;
    const moved = await supervisor().post('/api/leads/bulk', {
      target: { ids: [ownLeads[0]] },
      operation: { action: 'reassign', assessorId: second?.id },
    });
    expect(moved.json()).toEqual({ affected: 1, skipped: 0 });
    const returned = await supervisor().post('/api/leads/bulk', {
      target: { filter: {} },
      operation: { action: 'returnToPool' },
    });
    expect(returned.json()).toEqual({ affected: 2, skipped: 0 });
    const owners = await t.database.db
      .selectFrom('leads')
      .select(['id', 'owner_id'])
      .orderBy('id')
      .execute();
    // Another team's lead is where it was; the supervisor's two are in the pool.
    expect(owners.find((lead) => lead.id === otherLead)?.owner_id).toBe(teamB.assessors[0]?.id);
    expect(
      owners.filter((lead) => ownLeads.includes(lead.id)).map((lead) => lead.owner_id),
    ).toEqual([null, null]);
    expect(first).toBeDefined();
  });
});
