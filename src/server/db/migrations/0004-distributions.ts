import { type Kysely, sql } from 'kysely';

/** Every distribution, what each assessor got, and the Idempotency-Key that replays it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE distributions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      created_by text NOT NULL REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      idempotency_key text,
      request jsonb NOT NULL,
      requested integer NOT NULL,
      assigned integer NOT NULL
    );
    CREATE UNIQUE INDEX distributions_idempotency_key
      ON distributions (created_by, idempotency_key) WHERE idempotency_key IS NOT NULL;
    CREATE INDEX distributions_created_at_idx ON distributions (created_at);

    CREATE TABLE distribution_shares (
      distribution_id bigint NOT NULL REFERENCES distributions (id) ON DELETE CASCADE,
      assessor_id text NOT NULL REFERENCES users (id),
      requested integer NOT NULL,
      assigned integer NOT NULL,
      recycled integer NOT NULL,
      PRIMARY KEY (distribution_id, assessor_id)
    );
  `.execute(db);
}
