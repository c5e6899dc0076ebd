import { type Kysely, sql } from 'kysely';

/**
 * Tells every server at commit whose sessions changed, so that the sessions each keeps in
 * memory are read again (decision 032): the user's id when one of their sessions, or the user,
 * is updated or deleted; nothing (meaning everyone) when a table is truncated. A session is
 * updated every minute it is used (its sliding refresh), so the word names the user rather
 * than making every server forget every session. A new session needs no word: nobody has kept
 * it yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        PERFORM pg_notify('cca_sessions', '');
      ELSIF TG_TABLE_NAME = 'users' THEN
        PERFORM pg_notify('cca_sessions', OLD.id::text);
      ELSE
        PERFORM pg_notify('cca_sessions', OLD.user_id::text);
      END IF;
      RETURN NULL;
    END
    $$
  `.execute(db);
  for (const table of ['sessions', 'users']) {
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_changed`)}
      AFTER UPDATE OR DELETE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION notify_sessions_changed()
    `.execute(db);
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_truncated`)}
      AFTER TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_changed()
    `.execute(db);
  }
}
