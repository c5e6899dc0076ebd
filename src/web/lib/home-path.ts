import type { Role } from '../../core/roles.ts';

/**
 * Where a user lands after signing in. The table is loaded, not imported: its module brings
 * zod, which the sign-in page must not download before anyone signs in. By the time a user
 * is known, their schema has loaded it already, so this does not wait on the network.
 */
export async function homePathOf(role: Role): Promise<string> {
  const { homePathByRole } = await import('../../core/roles.ts');
  return homePathByRole[role];
}
