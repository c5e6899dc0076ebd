import { type Kysely, sql } from 'kysely';

/**
 * The addresses (grouped as the sign-in limits group them) each account signed in from: an
 * account's own office or home stays open to it while someone elsewhere guesses its password.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sign_in_addresses (
      account text NOT NULL,
      address_group text NOT NULL,
      signed_in_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (account, address_group)
    )
  `.execute(db);
}
