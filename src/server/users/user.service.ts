import { appRoutes } from '../../core/app-routes.ts';
import { defaultDailyQuota, type User } from '../../core/users.ts';
import type { AuditTrail } from '../audit/index.ts';
import type { SignInThrottleRepository } from '../auth/index.ts';
import { type Auth, hashPassword, sendPasswordLink } from '../auth/index.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import { type AssessorScope, scopeHolds } from '../teams/index.ts';
import type { NewUser, UserChanges, UserRecord, UserRepository } from './user.repository.ts';

export interface UserServiceDeps {
  users: UserRepository;
  signInThrottle: Pick<SignInThrottleRepository, 'clearAccount'>;
  unitOfWork: RunUnitOfWork;
  auth: Auth;
  appUrl: string;
  /** Forgets the sessions the server keeps, once a change to a user is committed. */
  forgetSessions: () => void;
}

export function toUser(record: UserRecord): User {
  return { ...record, createdAt: record.createdAt.toISOString() };
}

type FieldChange<Value> = { from: Value; to: Value };

/** The fields a change really alters, before and after: none of them is a secret. */
function changedFields(user: UserRecord, changes: UserChanges) {
  const changed: {
    [Field in keyof UserChanges]?: FieldChange<NonNullable<UserChanges[Field]>>;
  } = {};
  if (changes.name !== undefined && changes.name !== user.name) {
    changed.name = { from: user.name, to: changes.name };
  }
  if (changes.role !== undefined && changes.role !== user.role) {
    changed.role = { from: user.role, to: changes.role };
  }
  if (changes.active !== undefined && changes.active !== user.active) {
    changed.active = { from: user.active, to: changes.active };
  }
  if (changes.dailyQuota !== undefined && changes.dailyQuota !== user.dailyQuota) {
    changed.dailyQuota = { from: user.dailyQuota, to: changes.dailyQuota };
  }
  return changed;
}

export function createUserService({
  users,
  signInThrottle,
  unitOfWork,
  auth,
  appUrl,
  forgetSessions,
}: UserServiceDeps) {
  /** Mails the user a single-use link to set a new password (better-auth keeps the token). */
  const mailPasswordLink = (email: string) =>
    sendPasswordLink(auth, email, `${appUrl}${appRoutes.resetPassword.path}`);

  async function getExisting(id: string): Promise<UserRecord> {
    const user = await users.findById(id);
    if (!user) throw new AppError('NOT_FOUND', 'Usuário não encontrado.');
    return user;
  }

  return {
    /** Every user, or a supervisor's scope: its teams' assessors, no one else. */
    async list(scope: AssessorScope = 'all'): Promise<User[]> {
      const all = await users.list();
      return (scope === 'all' ? all : all.filter((user) => scopeHolds(scope, user.id))).map(toUser);
    },

    async create(
      input: Omit<NewUser, 'passwordHash'> & { password?: string | undefined },
      audit: AuditTrail,
    ) {
      if (await users.findByEmail(input.email)) {
        throw new AppError('CONFLICT', 'Já existe um usuário com esse e-mail.');
      }
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const id = await unitOfWork(audit, async (unit) => {
        const userId = await users.insert({ ...input, passwordHash }, unit.trx);
        await unit.audit({
          action: 'user.created',
          target: { type: 'user', id: userId },
          details: {
            name: input.name,
            email: input.email.toLowerCase(),
            role: input.role,
            dailyQuota: input.dailyQuota ?? defaultDailyQuota,
            // Without a password the user gets a link to create one.
            linkMailed: !passwordHash,
          },
        });
        return userId;
      }).catch((error: unknown) => {
        if ((error as { code?: string }).code === '23505') {
          throw new AppError('CONFLICT', 'Já existe um usuário com esse e-mail.');
        }
        throw error;
      });
      if (!passwordHash) {
        await mailPasswordLink(input.email).catch((error: unknown) => {
          if (!(error instanceof AppError) || error.code !== 'MAIL_NOT_SENT') throw error;
          throw new AppError(
            'MAIL_NOT_SENT',
            'O usuário foi criado, mas o e-mail com o link para criar a senha não pôde ser ' +
              'enviado. Confira a configuração de e-mail e, na lista de usuários, use "Reenviar ' +
              'link para criar senha".',
          );
        });
      }
      return toUser(await getExisting(id));
    },

    async update(
      id: string,
      changes: UserChanges,
      actorId: string,
      audit: AuditTrail,
    ): Promise<User> {
      const user = await getExisting(id);
      const losesAdmin =
        user.role === 'admin' &&
        user.active &&
        (changes.active === false || (changes.role !== undefined && changes.role !== 'admin'));
      if (losesAdmin && id === actorId) {
        throw new AppError('CONFLICT', 'Você não pode desativar nem rebaixar a sua própria conta.');
      }
      const changed = changedFields(user, changes);
      // An assessor who takes another role leaves its team, in the same transaction.
      const leavesTeam =
        user.teamId !== null && changes.role !== undefined && changes.role !== 'assessor';
      await unitOfWork(audit, async (unit) => {
        if (losesAdmin && (await users.countActiveAdminsLocked(unit.trx)) <= 1) {
          throw new AppError('CONFLICT', 'É preciso manter pelo menos um administrador ativo.');
        }
        await users.update(id, changes, unit.trx);
        // A deactivated user is signed out everywhere: the other servers forget their
        // sessions when PostgreSQL notifies them of the commit, this one right after it.
        if (changes.active === false) await users.deleteSessions(id, unit.trx);
        if (Object.keys(changed).length === 0) return;
        const activeChange = changed.active?.to;
        await unit.audit({
          action:
            activeChange === false
              ? 'user.deactivated'
              : activeChange === true
                ? 'user.reactivated'
                : 'user.updated',
          target: { type: 'user', id },
          details: {
            email: user.email,
            changes: changed,
            ...(leavesTeam ? { leftTeam: user.teamName } : {}),
          },
        });
      });
      forgetSessions();
      return toUser(await getExisting(id));
    },

    /** Lifts the sign-in limits of a user who mistyped, or whom someone else tried to guess. */
    async unlockSignIn(id: string, audit: AuditTrail): Promise<User> {
      const user = await getExisting(id);
      await unitOfWork(audit, async (unit) => {
        await signInThrottle.clearAccount(unit.trx, user.email);
        await unit.audit({
          action: 'user.sign_in_unlocked',
          target: { type: 'user', id },
          details: { email: user.email },
        });
      });
      return toUser(user);
    },

    async sendPasswordReset(id: string, audit: AuditTrail): Promise<void> {
      const user = await getExisting(id);
      if (!user.active) {
        throw new AppError('CONFLICT', 'Reative o usuário antes de enviar um link de senha.');
      }
      await mailPasswordLink(user.email);
      await audit({
        action: 'user.password_link_sent',
        target: { type: 'user', id },
        details: { email: user.email },
      });
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
