import { randomBytes } from 'node:crypto';
import { hashPassword } from '../auth/index.ts';
import type { UserRepository } from './user.repository.ts';

export interface FirstAdminSettings {
  email: string | undefined;
  password: string | undefined;
  name: string;
}

export const defaultAdminEmail = 'admin@cca.local';

/**
 * On the first start of an empty database, creates the first administrator from
 * ADMIN_EMAIL / ADMIN_PASSWORD, or with a generated password that is shown once.
 * Answers undefined when the database already had users.
 */
export async function ensureFirstAdmin(
  users: UserRepository,
  settings: FirstAdminSettings,
): Promise<{ email: string; generatedPassword?: string } | undefined> {
  const email = settings.email ?? defaultAdminEmail;
  const generatedPassword = settings.password ? undefined : randomBytes(12).toString('base64url');
  const password = settings.password ?? (generatedPassword as string);
  const id = await users.insertIfNoUsers({
    name: settings.name,
    email,
    role: 'admin',
    passwordHash: await hashPassword(password),
  });
  if (!id) return undefined;
  return generatedPassword ? { email, generatedPassword } : { email };
}
