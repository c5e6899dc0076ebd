import { type Kysely, sql } from 'kysely';

/**
 * External do-not-call lists (issue #21 §3): each under a named source (the São Paulo Procon
 * register, another state's, the company's own file) with the date of its list. A number may
 * be on several sources; the primary key (phone, source_id) answers "is this number blocked"
 * at import and distribution, and a source's replacement reads its numbers by scanning.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE block_list_sources (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      -- The name as compared (src/core/block-lists.ts): 'Procon-SP' and 'PROCON-SP' are one list.
      name_key text NOT NULL UNIQUE,
      list_date date NOT NULL,
      phone_count integer NOT NULL DEFAULT 0,
      leads_blocked integer NOT NULL DEFAULT 0,
      loaded_by text REFERENCES users (id),
      loaded_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE block_list_phones (
      phone text NOT NULL,
      -- No foreign key: its check would run once per number of a million-number load. The
      -- source's deletion deletes its numbers in the same transaction.
      source_id integer NOT NULL,
      PRIMARY KEY (phone, source_id)
    );
  `.execute(db);
}
