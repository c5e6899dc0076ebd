import type { TestApp, TestUser } from './test-app.ts';

/** A team made for a test: its supervisor and its assessors, all signed in. */
export interface SeededTeam {
  id: number;
  supervisor: TestUser;
  assessors: TestUser[];
}

/**
 * Creates a team led by a new supervisor with `members` new assessors (decision 041), straight
 * in the database: the tests of the routes a supervisor reaches start from it.
 */
export async function seedTeam(t: TestApp, name: string, members = 1): Promise<SeededTeam> {
  const db = t.database.db;
  const team = await db
    .insertInto('teams')
    .values({ name })
    .returning('id')
    .executeTakeFirstOrThrow();
  const supervisor = await t.createSignedInUser('supervisor', `Supervisor ${name}`);
  await db
    .insertInto('team_supervisors')
    .values({ team_id: team.id, supervisor_id: supervisor.id })
    .execute();
  const assessors: TestUser[] = [];
  for (let index = 1; index <= members; index++) {
    const assessor = await t.createSignedInUser('assessor', `Assessor ${name} ${index}`);
    await db.updateTable('users').set({ team_id: team.id }).where('id', '=', assessor.id).execute();
    assessors.push(assessor);
  }
  return { id: team.id, supervisor, assessors };
}
