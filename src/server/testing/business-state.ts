import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Every table a business change could touch, as row digests. Left out: sessions (signing in
 * and every signed-in request change them by design), sign_in_throttle and sign_in_addresses
 * (a sign-in is counted and its address remembered, by design), api_tokens (a token's use is
 * remembered, by design), audit tables (refusals are recorded by design), the migrator's tables.
 */
export async function businessState(db: Kysely<Database>): Promise<Record<string, string>> {
  const { rows: tables } = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema()
  `.execute(db);
  const compared = tables
    .map((row) => row.tablename)
    .filter(
      (name) =>
        !/^(sessions|sign_in_(throttle|addresses)|api_tokens|kysely_migration.*|.*audit.*)$/.test(
          name,
        ),
    );
  const query = compared
    .map(
      (table) =>
        `SELECT '${table}' AS name, count(*) || ':' || md5(coalesce(string_agg(md5(t::text), ',' ORDER BY md5(t::text)), '')) AS digest FROM "${table}" t`,
    )
    .join(' UNION ALL ');
  const { rows } = await sql.raw<{ name: string; digest: string }>(query).execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}
