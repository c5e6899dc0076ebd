import { type Kysely, sql } from 'kysely';

/**
 * The name search moves to a narrow table of its own, `lead_names`, kept by triggers.
 *
 * Status, owner and assignment time are indexed, so no distribution or recycle is a HOT
 * update: every lead they touch writes a new entry in every index of `leads`, whichever
 * columns changed. The trigram index on the name writes about twenty entries per lead, and
 * was the largest part of a recycle (200 000 leads) and of a distribution (50 000). Names
 * change only on an edit or an erasure, so in a table of their own they are written when
 * the name changes, and never by the lead's life.
 *
 * The triggers: inserts and deletes per statement (an import inserts thousands of leads in
 * one), a name change per row, fired only when the statement sets `name` and the value
 * differs. No foreign key, as for the history: the delete trigger removes a lead's name in
 * the statement that deletes the lead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE lead_names (
      lead_id bigint PRIMARY KEY,
      name text NOT NULL
    );

    CREATE FUNCTION lead_names_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO lead_names (lead_id, name)
      SELECT id, name FROM inserted_leads WHERE name IS NOT NULL;
      RETURN NULL;
    END $$;

    CREATE FUNCTION lead_names_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.name IS NULL THEN
        DELETE FROM lead_names WHERE lead_id = NEW.id;
      ELSE
        INSERT INTO lead_names (lead_id, name) VALUES (NEW.id, NEW.name)
          ON CONFLICT (lead_id) DO UPDATE SET name = excluded.name;
      END IF;
      RETURN NULL;
    END $$;

    CREATE FUNCTION lead_names_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM lead_names n USING deleted_leads d WHERE n.lead_id = d.id;
      RETURN NULL;
    END $$;

    CREATE FUNCTION lead_names_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      TRUNCATE lead_names;
      RETURN NULL;
    END $$;

    CREATE TRIGGER lead_names_insert AFTER INSERT ON leads
      REFERENCING NEW TABLE AS inserted_leads
      FOR EACH STATEMENT EXECUTE FUNCTION lead_names_insert();
    CREATE TRIGGER lead_names_update AFTER UPDATE OF name ON leads
      FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
      EXECUTE FUNCTION lead_names_update();
    CREATE TRIGGER lead_names_delete AFTER DELETE ON leads
      REFERENCING OLD TABLE AS deleted_leads
      FOR EACH STATEMENT EXECUTE FUNCTION lead_names_delete();
    CREATE TRIGGER lead_names_truncate AFTER TRUNCATE ON leads
      FOR EACH STATEMENT EXECUTE FUNCTION lead_names_truncate();

    -- The triggers hold leads locked until this migration commits: no lead is missed.
    INSERT INTO lead_names (lead_id, name) SELECT id, name FROM leads WHERE name IS NOT NULL;
    CREATE INDEX lead_names_name_trgm_idx ON lead_names USING gin (name gin_trgm_ops);
    DROP INDEX leads_name_trgm_idx;
  `.execute(db);
}
