import { type Kysely, sql } from 'kysely';

/** Users, sessions, accounts and verifications as better-auth expects them, in snake_case. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id text PRIMARY KEY,
      name text NOT NULL,
      email text NOT NULL,
      email_verified boolean NOT NULL DEFAULT false,
      image text,
      role text NOT NULL CHECK (role IN ('admin', 'assessor')),
      active boolean NOT NULL DEFAULT true,
      daily_quota integer NOT NULL DEFAULT 100 CHECK (daily_quota BETWEEN 0 AND 1000),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_email_key ON users (lower(email));

    CREATE TABLE sessions (
      id text PRIMARY KEY,
      token text NOT NULL UNIQUE,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      ip_address text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sessions_user_id_idx ON sessions (user_id);

    CREATE TABLE accounts (
      id text PRIMARY KEY,
      account_id text NOT NULL,
      provider_id text NOT NULL,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      password text,
      access_token text,
      refresh_token text,
      id_token text,
      access_token_expires_at timestamptz,
      refresh_token_expires_at timestamptz,
      scope text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provider_id, account_id)
    );
    CREATE INDEX accounts_user_id_idx ON accounts (user_id);

    CREATE TABLE verifications (
      id text PRIMARY KEY,
      identifier text NOT NULL,
      value text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX verifications_identifier_idx ON verifications (identifier);

    CREATE TABLE sign_in_throttle (
      key text PRIMARY KEY,
      failures integer NOT NULL,
      window_started_at timestamptz NOT NULL,
      blocked_until timestamptz
    );

    CREATE TABLE app_settings (
      key text PRIMARY KEY,
      value text NOT NULL
    );
  `.execute(db);
}
