import type { Kysely } from 'kysely';
import type { ApiScope } from '../../core/api-tokens.ts';
import type { Database } from '../db/schema.ts';

export interface ApiTokenRow {
  id: number;
  name: string;
  publicId: string;
  scopes: ApiScope[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  createdByName: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** What checking a presented token needs: its hash and whether it still works. */
export interface StoredApiToken {
  id: number;
  name: string;
  scopes: ApiScope[];
  secretHash: Buffer;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

export function createApiTokenRepository(db: Kysely<Database>) {
  const listed = db
    .selectFrom('api_tokens as t')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .select([
      't.id',
      't.name',
      't.public_id as publicId',
      't.scopes',
      't.expires_at as expiresAt',
      't.revoked_at as revokedAt',
      'u.name as createdByName',
      't.created_at as createdAt',
      't.last_used_at as lastUsedAt',
    ]);

  return {
    async insert(
      executor: Kysely<Database>,
      token: {
        name: string;
        publicId: string;
        secretHash: Buffer;
        scopes: ApiScope[];
        expiresAt: Date | null;
        createdBy: string;
      },
    ): Promise<number> {
      const row = await executor
        .insertInto('api_tokens')
        .values({
          name: token.name,
          public_id: token.publicId,
          secret_hash: token.secretHash,
          scopes: token.scopes,
          expires_at: token.expiresAt,
          created_by: token.createdBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async find(id: number): Promise<ApiTokenRow | undefined> {
      return (await listed.where('t.id', '=', id).executeTakeFirst()) as ApiTokenRow | undefined;
    },

    /** Live tokens first, newest first; there are a handful, never a page's worth. */
    async list(): Promise<ApiTokenRow[]> {
      const rows = await listed
        .orderBy((eb) => eb('t.revoked_at', 'is', null), 'desc')
        .orderBy('t.id', 'desc')
        .execute();
      return rows as ApiTokenRow[];
    },

    /** Revokes a live token; false when it was revoked already or does not exist. */
    async revoke(executor: Kysely<Database>, id: number): Promise<boolean> {
      const result = await executor
        .updateTable('api_tokens')
        .set({ revoked_at: new Date() })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async findByPublicId(publicId: string): Promise<StoredApiToken | undefined> {
      const row = await db
        .selectFrom('api_tokens')
        .select([
          'id',
          'name',
          'scopes',
          'secret_hash as secretHash',
          'expires_at as expiresAt',
          'revoked_at as revokedAt',
          'last_used_at as lastUsedAt',
        ])
        .where('public_id', '=', publicId)
        .executeTakeFirst();
      return row as StoredApiToken | undefined;
    },

    async touch(id: number): Promise<void> {
      await db
        .updateTable('api_tokens')
        .set({ last_used_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type ApiTokenRepository = ReturnType<typeof createApiTokenRepository>;
