import { type Kysely, sql } from 'kysely';

/**
 * What the import worker needs beyond 0002: a heartbeat, so a batch left `running` by a
 * server that died is queued again by any other server, and the header of the file in its
 * order, since the raw rows are kept as jsonb (whose keys have no order) and the CSV of
 * rejected rows must show the columns as the file had them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE import_batches ADD COLUMN heartbeat_at timestamptz;
    ALTER TABLE import_batches ADD COLUMN columns jsonb NOT NULL DEFAULT '[]';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE import_batches DROP COLUMN heartbeat_at;
    ALTER TABLE import_batches DROP COLUMN columns;
  `.execute(db);
}
