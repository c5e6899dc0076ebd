import { type Kysely, sql } from 'kysely';
import type { Role } from '../../core/roles.ts';
import { prepared } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

export interface StoredSession {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  userId: string;
  name: string;
  email: string;
  role: Role;
  active: boolean;
}

export function createSessionRepository(db: Kysely<Database>) {
  return {
    /** The session of a cookie's token with its user: every API request asks, so it is prepared. */
    async findByToken(token: string): Promise<StoredSession | undefined> {
      const result = await prepared(
        'session-by-token',
        sql<StoredSession>`
          select s.id, s.created_at as "createdAt", s.expires_at as "expiresAt",
            u.id as "userId", u.name, u.email, u.role, u.active
          from sessions s join users u on u.id = s.user_id
          where s.token = ${token}
        `,
      ).execute(db);
      return result.rows[0];
    },

    deleteById: (id: string) => db.deleteFrom('sessions').where('id', '=', id).execute(),
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
