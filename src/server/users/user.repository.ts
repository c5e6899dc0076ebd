import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type { Role } from '../../core/roles.ts';
import type { Database, UsersTable } from '../db/schema.ts';

const credentialProvider = 'credential';

export interface UserRecord {
  id: string;
  name: string;
  email: string;
  role: Role;
  active: boolean;
  dailyQuota: number;
  hasPassword: boolean;
  createdAt: Date;
  teamId: number | null;
  teamName: string | null;
}

export interface NewUser {
  name: string;
  email: string;
  role: Role;
  dailyQuota?: number | undefined;
  passwordHash?: string | undefined;
}

export type UserChanges = Partial<Pick<UserRecord, 'name' | 'role' | 'active' | 'dailyQuota'>>;

async function insertUser(trx: Transaction<Database>, user: NewUser): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto('users')
    .values({
      id,
      name: user.name,
      email: user.email.toLowerCase(),
      role: user.role,
      ...(user.dailyQuota === undefined ? {} : { daily_quota: user.dailyQuota }),
    })
    .execute();
  if (user.passwordHash) {
    await trx
      .insertInto('accounts')
      .values({
        id: randomUUID(),
        account_id: id,
        provider_id: credentialProvider,
        user_id: id,
        password: user.passwordHash,
      })
      .execute();
  }
  return id;
}

export function createUserRepository(db: Kysely<Database>) {
  const selectUsers = () =>
    db
      .selectFrom('users as u')
      .leftJoin('teams as t', 't.id', 'u.team_id')
      .select([
        'u.id',
        'u.name',
        'u.email',
        'u.role',
        'u.active',
        'u.daily_quota as dailyQuota',
        'u.created_at as createdAt',
        'u.team_id as teamId',
        't.name as teamName',
        sql<boolean>`exists (
          select 1 from accounts a
          where a.user_id = u.id and a.provider_id = ${credentialProvider} and a.password is not null
        )`.as('hasPassword'),
      ]);

  return {
    list(): Promise<UserRecord[]> {
      return selectUsers().orderBy('u.active', 'desc').orderBy('u.name').execute();
    },

    findById(id: string): Promise<UserRecord | undefined> {
      return selectUsers().where('u.id', '=', id).executeTakeFirst();
    },

    findByEmail(email: string): Promise<UserRecord | undefined> {
      return selectUsers().where(sql`lower(u.email)`, '=', email.toLowerCase()).executeTakeFirst();
    },

    /**
     * Counts the active administrators, in `trx` after taking the lock that every change
     * removing one takes: two admins demoting each other at once are counted one after the
     * other, so the second sees the first's change.
     */
    async countActiveAdminsLocked(trx: Kysely<Database>): Promise<number> {
      await sql`select pg_advisory_xact_lock(hashtext('cca:active-admins'))`.execute(trx);
      const row = await trx
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('role', '=', 'admin')
        .where('active', '=', true)
        .executeTakeFirstOrThrow();
      return row.count;
    },

    /**
     * Creates the user and, when a password is given, its credential, together: in `trx`
     * (a service's unit of work) or in a transaction of their own.
     */
    insert(user: NewUser, trx?: Transaction<Database>): Promise<string> {
      return trx ? insertUser(trx, user) : db.transaction().execute((own) => insertUser(own, user));
    },

    /**
     * Creates the user only when there is no user at all: the first start of a fresh database.
     * The lock keeps two servers starting together from both creating one.
     */
    insertIfNoUsers(user: NewUser): Promise<string | undefined> {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('cca:first-user'))`.execute(trx);
        const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
        return existing ? undefined : insertUser(trx, user);
      });
    },

    async update(id: string, changes: UserChanges, executor: Kysely<Database> = db): Promise<void> {
      const values: Updateable<UsersTable> = { updated_at: new Date() };
      if (changes.name !== undefined) values.name = changes.name;
      if (changes.role !== undefined) values.role = changes.role;
      if (changes.active !== undefined) values.active = changes.active;
      if (changes.dailyQuota !== undefined) values.daily_quota = changes.dailyQuota;
      // Only an assessor is in a team, only a supervisor leads one: a new role leaves them.
      if (changes.role !== undefined && changes.role !== 'assessor') values.team_id = null;
      await executor.updateTable('users').set(values).where('id', '=', id).execute();
      if (changes.role !== undefined && changes.role !== 'supervisor') {
        await executor.deleteFrom('team_supervisors').where('supervisor_id', '=', id).execute();
      }
    },

    /** The user's password hash, or null when they have none yet. */
    async passwordHashOf(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('accounts')
        .select('password')
        .where('user_id', '=', userId)
        .where('provider_id', '=', credentialProvider)
        .executeTakeFirst();
      return row?.password ?? null;
    },

    async hasPassword(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('accounts')
        .select('id')
        .where('user_id', '=', userId)
        .where('provider_id', '=', credentialProvider)
        .where('password', 'is not', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    async deleteSessions(userId: string, executor: Kysely<Database> = db): Promise<void> {
      await executor.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
