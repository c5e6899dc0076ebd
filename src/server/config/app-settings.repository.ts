import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The secret that signs session cookies. Kept in the database when not configured, so every
 * server on the same database signs alike without any setup.
 */
export async function loadOrCreateAuthSecret(db: Kysely<Database>): Promise<string> {
  await db
    .insertInto('app_settings')
    .values({ key: 'auth_secret', value: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', 'auth_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}

/** The text stored under `key`, or undefined when nothing was ever saved there. */
export async function readSetting(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

/** Stores `value` under `key`, replacing what was there. */
export async function writeSetting(db: Kysely<Database>, key: string, value: string) {
  await db
    .insertInto('app_settings')
    .values({ key, value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
    .execute();
}
