import { type Kysely, sql } from 'kysely';

/** The accented letters of Portuguese (and their neighbours) by the plain letter they fold to. */
const folds: Record<string, string> = {
  a: 'ÁÀÂÃÄÅáàâãäå',
  e: 'ÉÈÊËéèêë',
  i: 'ÍÌÎÏíìîï',
  o: 'ÓÒÔÕÖóòôõö',
  u: 'ÚÙÛÜúùûü',
  c: 'Çç',
  n: 'Ññ',
  y: 'Ýýÿ',
};
const accented = Object.values(folds).join('');
const plain = Object.entries(folds)
  .map(([letter, letters]) => letter.repeat([...letters].length))
  .join('');

/**
 * Names are searched as people type them: "joao conceicao" finds "João da Conceição". The
 * search table keeps each name folded (accents off, lower case) by `cca_search_text`, an
 * immutable function of the text alone (`translate` with a fixed table, then `lower`, which
 * with the C locale only lowers ASCII), so no extension is needed and the folding is the same
 * on every server. The search folds the words typed with the same function.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION cca_search_text(text) RETURNS text
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      AS $$ SELECT lower(translate($1, ${sql.lit(accented)}, ${sql.lit(plain)})) $$;

    DROP INDEX lead_names_name_trgm_idx;
    ALTER TABLE lead_names RENAME COLUMN name TO search_name;

    CREATE OR REPLACE FUNCTION lead_names_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO lead_names (lead_id, search_name)
      SELECT id, cca_search_text(name) FROM inserted_leads WHERE name IS NOT NULL;
      RETURN NULL;
    END $$;

    CREATE OR REPLACE FUNCTION lead_names_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.name IS NULL THEN
        DELETE FROM lead_names WHERE lead_id = NEW.id;
      ELSE
        INSERT INTO lead_names (lead_id, search_name) VALUES (NEW.id, cca_search_text(NEW.name))
          ON CONFLICT (lead_id) DO UPDATE SET search_name = excluded.search_name;
      END IF;
      RETURN NULL;
    END $$;

    UPDATE lead_names SET search_name = cca_search_text(search_name);
    CREATE INDEX lead_names_search_trgm_idx ON lead_names USING gin (search_name gin_trgm_ops);
  `.execute(db);
}
