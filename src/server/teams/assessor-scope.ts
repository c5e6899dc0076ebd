import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SessionUser } from '../http/access.ts';

/**
 * Whose work a user may see and act on: `all` for an administrator (and an integration's
 * token), the assessors of its teams for a supervisor, itself for an assessor. Every route a
 * supervisor reaches narrows its reads and writes by it, on the server (docs/decisions/041).
 */
export type AssessorScope = 'all' | readonly string[];

/** Reads a user's scope; the routes are given it through the feature options. */
export type AssessorScopeOf = (user: SessionUser) => Promise<AssessorScope>;

export function createAssessorScope(db: Kysely<Database>): AssessorScopeOf {
  return async (user) => {
    if (user.role === 'admin') return 'all';
    if (user.role === 'assessor') return [user.id];
    const rows = await db
      .selectFrom('team_supervisors')
      .innerJoin('users', 'users.team_id', 'team_supervisors.team_id')
      .select('users.id')
      .where('team_supervisors.supervisor_id', '=', user.id)
      .where('users.role', '=', 'assessor')
      .execute();
    return rows.map((row) => row.id);
  };
}

/** Whether a scope holds an assessor. */
export function scopeHolds(scope: AssessorScope, assessorId: string | null): boolean {
  return scope === 'all' || (assessorId !== null && scope.includes(assessorId));
}

/**
 * The ids of a narrowed scope for an SQL `IN (…)`, never an empty list (which SQL refuses): a
 * supervisor without assessors matches no row.
 */
export function scopeIds(scope: readonly string[]): readonly string[] {
  return scope.length > 0 ? scope : [''];
}
