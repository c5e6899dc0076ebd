import { type Kysely, sql } from 'kysely';

/**
 * Tells every server at commit that a session or a user changed, so the sessions each keeps
 * in memory are read again (decision 032). One notification per statement, with no payload:
 * PostgreSQL folds those of one transaction into one, and a server forgets all it keeps. A
 * new session needs no word (nobody has kept it yet).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('cca_sessions', '');
      RETURN NULL;
    END
    $$
  `.execute(db);
  for (const table of ['sessions', 'users']) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_changed`)}
      AFTER UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_changed()
    `.execute(db);
  }
}
