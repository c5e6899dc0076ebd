import { type Kysely, sql } from 'kysely';

/**
 * Leads, their import batches, their history, their calls and the block list of phones.
 * Indexes are chosen for a table of millions: status and owner lists are read by
 * (key, id) so keyset paging stays an index range scan at any depth.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;

    CREATE TABLE import_batches (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      file_name text NOT NULL,
      file_size bigint NOT NULL,
      format text NOT NULL CHECK (format IN ('csv', 'xlsx')),
      source text NOT NULL,
      mapping jsonb NOT NULL,
      fill_empty_fields boolean NOT NULL DEFAULT false,
      status text NOT NULL DEFAULT 'queued'
        CHECK (status IN ('queued', 'running', 'done', 'failed', 'undone')),
      total_rows integer,
      processed_rows integer NOT NULL DEFAULT 0,
      inserted integer NOT NULL DEFAULT 0,
      updated integer NOT NULL DEFAULT 0,
      duplicates integer NOT NULL DEFAULT 0,
      blocked integer NOT NULL DEFAULT 0,
      rejected integer NOT NULL DEFAULT 0,
      error text,
      created_by text NOT NULL REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz
    );
    CREATE INDEX import_batches_unfinished_idx ON import_batches (id)
      WHERE status IN ('queued', 'running');

    CREATE TABLE import_rejections (
      batch_id bigint NOT NULL REFERENCES import_batches (id) ON DELETE CASCADE,
      row_number integer NOT NULL,
      reason text NOT NULL,
      raw jsonb NOT NULL,
      PRIMARY KEY (batch_id, row_number)
    );

    CREATE TABLE leads (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text,
      phone text,
      phone_raw text,
      email text,
      cpf text,
      city text,
      uf text,
      extra jsonb NOT NULL DEFAULT '{}',
      notes text,
      status text NOT NULL DEFAULT 'new' CHECK (status IN (
        'new', 'assigned', 'green', 'yellow', 'red', 'no_answer', 'invalid', 'do_not_call', 'recycled'
      )),
      owner_id text REFERENCES users (id),
      last_owner_id text REFERENCES users (id),
      assigned_at timestamptz,
      callback_at timestamptz,
      status_changed_at timestamptz NOT NULL DEFAULT now(),
      attempts integer NOT NULL DEFAULT 0,
      recycles integer NOT NULL DEFAULT 0,
      -- No foreign key: an import inserts up to millions of leads in one statement and the
      -- check would cost one lookup per lead. Batches are never deleted (an undone import
      -- keeps its row), so the reference cannot dangle.
      batch_id bigint,
      source text,
      registration_confirmed_at timestamptz,
      erased_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (erased_at IS NOT NULL OR (name IS NOT NULL AND phone IS NOT NULL)),
      CHECK (status NOT IN ('new', 'recycled') OR owner_id IS NULL),
      CHECK (status NOT IN ('assigned', 'green', 'yellow', 'red', 'no_answer') OR owner_id IS NOT NULL),
      CHECK (status <> 'yellow' OR callback_at IS NOT NULL)
    );
    CREATE UNIQUE INDEX leads_phone_key ON leads (phone);
    CREATE INDEX leads_status_id_idx ON leads (status, id);
    CREATE INDEX leads_owner_status_idx ON leads (owner_id, status, id) WHERE owner_id IS NOT NULL;
    CREATE INDEX leads_batch_id_idx ON leads (batch_id, id);
    CREATE INDEX leads_assigned_at_idx ON leads (assigned_at) WHERE assigned_at IS NOT NULL;
    CREATE INDEX leads_email_idx ON leads (lower(email)) WHERE email IS NOT NULL;
    CREATE INDEX leads_cpf_idx ON leads (cpf) WHERE cpf IS NOT NULL;
    CREATE INDEX leads_name_trgm_idx ON leads USING gin (name gin_trgm_ops);

    CREATE TABLE lead_history (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      lead_id bigint NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
      changed_by text REFERENCES users (id),
      changed_at timestamptz NOT NULL DEFAULT now(),
      from_status text,
      to_status text NOT NULL,
      from_owner_id text REFERENCES users (id),
      to_owner_id text REFERENCES users (id),
      reason text NOT NULL
    );
    CREATE INDEX lead_history_lead_idx ON lead_history (lead_id, id);

    CREATE TABLE lead_attempts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      lead_id bigint NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
      assessor_id text NOT NULL REFERENCES users (id),
      outcome text NOT NULL
        CHECK (outcome IN ('green', 'yellow', 'red', 'no_answer', 'invalid', 'do_not_call')),
      channel text NOT NULL CHECK (channel IN ('phone', 'whatsapp')),
      note text,
      callback_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX lead_attempts_lead_idx ON lead_attempts (lead_id, id);
    CREATE INDEX lead_attempts_assessor_idx ON lead_attempts (assessor_id, created_at);
    CREATE INDEX lead_attempts_created_idx ON lead_attempts (created_at);

    CREATE TABLE do_not_call (
      phone text PRIMARY KEY,
      reason text NOT NULL,
      created_by text REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
