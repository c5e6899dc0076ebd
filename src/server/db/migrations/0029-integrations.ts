import { type Kysely, sql } from 'kysely';

/**
 * Integrations (issue #22): API tokens, leads injected by other systems, webhooks out and
 * WhatsApp message templates.
 *
 * - A token's secret is random (256 bits), so it is kept as its SHA-256, not a slow password
 *   hash: it is checked on every request it makes. `public_id` finds the row without it.
 * - A lead injected by API may carry the caller's id for it: unique per source, so sending
 *   the same lead twice finds the first. Partial: imported leads have none.
 * - An `Idempotency-Key` keeps the answer it got, replayed to a retry of the same request.
 * - Webhooks: the outbox (`webhook_deliveries`) is written in the transaction of the change
 *   it tells of, so a committed change always has its deliveries, and a restart loses none.
 * - Templates are archived, never deleted: a call keeps the id of the one it sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_tokens (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
      public_id text NOT NULL UNIQUE,
      secret_hash bytea NOT NULL,
      scopes text[] NOT NULL,
      expires_at timestamptz,
      revoked_at timestamptz,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz
    );

    ALTER TABLE leads ADD COLUMN external_id text CHECK (length(external_id) <= 100);
    CREATE UNIQUE INDEX leads_external_id_key ON leads (source, external_id)
      WHERE external_id IS NOT NULL;

    CREATE TABLE api_idempotency_keys (
      api_token_id bigint NOT NULL REFERENCES api_tokens (id) ON DELETE CASCADE,
      key text NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
      request_hash text NOT NULL,
      status_code smallint,
      response jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (api_token_id, key)
    );
    CREATE INDEX api_idempotency_keys_created_idx ON api_idempotency_keys (created_at);

    CREATE TABLE webhook_endpoints (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
      url text NOT NULL CHECK (length(url) <= 2000),
      secret text NOT NULL,
      events text[] NOT NULL,
      active boolean NOT NULL DEFAULT true,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE webhook_deliveries (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      endpoint_id bigint NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
      event text NOT NULL,
      -- The lead the event is about, so an erasure finds its deliveries without reading payloads.
      lead_id bigint,
      payload jsonb NOT NULL,
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      delivered_at timestamptz,
      last_status smallint,
      last_duration_ms integer,
      last_error text
    );
    CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at)
      WHERE state = 'pending';
    CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC);
    CREATE INDEX webhook_deliveries_lead_idx ON webhook_deliveries (lead_id)
      WHERE lead_id IS NOT NULL;

    CREATE TABLE webhook_delivery_attempts (
      delivery_id bigint NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
      attempt integer NOT NULL,
      at timestamptz NOT NULL DEFAULT now(),
      status smallint,
      duration_ms integer NOT NULL,
      error text,
      PRIMARY KEY (delivery_id, attempt)
    );

    CREATE TABLE message_templates (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
      body text NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE lead_attempts ADD COLUMN message_template_id bigint;
  `.execute(db);
}
