import { type Kysely, sql } from 'kysely';

/**
 * Several phones per lead (issue #21 §4). A lead with one number keeps it in `leads.phone`
 * alone, as every lead did before: the million-row imports and the lists that read one number
 * pay nothing. A lead imported with several numbers has a row here for each of them, its first
 * (`leads.phone`) at position 0, each with its own state: a number found dead or blocked
 * leaves the lead callable on the others. A number belongs to one lead only: the unique
 * index, with `leads_phone_key`, is what deduplication reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE lead_phones (
      lead_id bigint NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
      position smallint NOT NULL,
      phone text NOT NULL,
      phone_raw text NOT NULL,
      -- The file's column it came from ('Celular', 'Telefone 2'), shown beside the number.
      label text NOT NULL,
      whatsapp boolean NOT NULL DEFAULT false,
      state text NOT NULL DEFAULT 'valid' CHECK (state IN ('valid', 'invalid', 'do_not_call')),
      PRIMARY KEY (lead_id, position)
    );
    CREATE UNIQUE INDEX lead_phones_phone_key ON lead_phones (phone);

    -- The number a call found dead, so "Desfazer" makes it valid again.
    ALTER TABLE outcome_undo ADD COLUMN invalid_phone text;
  `.execute(db);
}
