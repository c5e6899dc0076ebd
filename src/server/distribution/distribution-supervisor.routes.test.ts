import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessState } from '../testing/business-state.ts';
import { type SeededTeam, seedTeam } from '../testing/floor-teams.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/** A supervisor distributes the pool to its teams' assessors only (decision 041). */

let t: TestApp;
let teamA: SeededTeam;
let teamB: SeededTeam;

beforeAll(async () => {
  t = await createTestApp();
  teamA = await seedTeam(t, 'A', 2);
  teamB = await seedTeam(t, 'B');
  await t.seedLeads(10);
});
afterAll(() => t.close());

const supervisor = () => t.as(teamA.supervisor);
const ids = (team: SeededTeam) => team.assessors.map((assessor) => assessor.id).sort();

describe("a supervisor's daily distribution", () => {
  it('shows its assessors only, and the whole pool', async () => {
    const overview = (await supervisor().get('/api/distributions/overview')).json();
    expect(overview.assessors.map((row: { id: string }) => row.id).sort()).toEqual(ids(teamA));
    expect(overview.pool).toEqual({ new: 10, recycled: 0 });
  });

  it('refuses, changing nothing, a share for an assessor of another team', async () => {
    const before = await businessState(t.database.db);
    const [own] = teamA.assessors;
    const response = await supervisor().post('/api/distributions', {
      perAssessor: { [own?.id ?? '']: 1, [teamB.assessors[0]?.id ?? '']: 1 },
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().error.message).toContain('suas equipes');
    expect(await businessState(t.database.db)).toEqual(before);
  });

  it('hands "each" to its assessors alone', async () => {
    const response = await supervisor().post('/api/distributions', { each: 2 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ requested: 4, assigned: 4 });
    const owners = await t.database.db
      .selectFrom('leads')
      .select('owner_id')
      .where('owner_id', 'is not', null)
      .execute();
    expect(new Set(owners.map((row) => row.owner_id))).toEqual(new Set(ids(teamA)));
    // Another supervisor's page does not list this distribution among its recent ones.
    const other = (await t.as(teamB.supervisor).get('/api/distributions/overview')).json();
    expect(other.recent).toEqual([]);
  });
});
