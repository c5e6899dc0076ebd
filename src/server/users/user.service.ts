import { appRoutes } from '../../core/app-routes.ts';
import type { User } from '../../core/users.ts';
import type { Auth } from '../auth/auth.ts';
import { hashPassword } from '../auth/password-hashing.ts';
import { AppError } from '../http/app-error.ts';
import type { NewUser, UserChanges, UserRecord, UserRepository } from './user.repository.ts';

export interface UserServiceDeps {
  users: UserRepository;
  auth: Auth;
  appUrl: string;
}

export function toUser(record: UserRecord): User {
  return { ...record, createdAt: record.createdAt.toISOString() };
}

export function createUserService({ users, auth, appUrl }: UserServiceDeps) {
  /** Mails the user a single-use link to set a new password (better-auth keeps the token). */
  async function sendPasswordLink(email: string) {
    await auth.api.requestPasswordReset({
      body: { email, redirectTo: `${appUrl}${appRoutes.resetPassword.path}` },
    });
  }

  async function getExisting(id: string): Promise<UserRecord> {
    const user = await users.findById(id);
    if (!user) throw new AppError('NOT_FOUND', 'Usuário não encontrado.');
    return user;
  }

  return {
    async list(): Promise<User[]> {
      return (await users.list()).map(toUser);
    },

    async create(input: Omit<NewUser, 'passwordHash'> & { password?: string | undefined }) {
      if (await users.findByEmail(input.email)) {
        throw new AppError('CONFLICT', 'Já existe um usuário com esse e-mail.');
      }
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const id = await users.insert({ ...input, passwordHash }).catch((error: unknown) => {
        if ((error as { code?: string }).code === '23505') {
          throw new AppError('CONFLICT', 'Já existe um usuário com esse e-mail.');
        }
        throw error;
      });
      if (!passwordHash) await sendPasswordLink(input.email);
      return toUser(await getExisting(id));
    },

    async update(id: string, changes: UserChanges, actorId: string): Promise<User> {
      const user = await getExisting(id);
      const losesAdmin =
        user.role === 'admin' &&
        user.active &&
        (changes.active === false || (changes.role !== undefined && changes.role !== 'admin'));
      if (losesAdmin && id === actorId) {
        throw new AppError('CONFLICT', 'Você não pode desativar nem rebaixar a sua própria conta.');
      }
      if (losesAdmin && (await users.countActiveAdmins()) <= 1) {
        throw new AppError('CONFLICT', 'É preciso manter pelo menos um administrador ativo.');
      }
      await users.update(id, changes);
      if (changes.active === false) await users.deleteSessions(id);
      return toUser(await getExisting(id));
    },

    async sendPasswordReset(id: string): Promise<void> {
      const user = await getExisting(id);
      if (!user.active) {
        throw new AppError('CONFLICT', 'Reative o usuário antes de enviar um link de senha.');
      }
      await sendPasswordLink(user.email);
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
