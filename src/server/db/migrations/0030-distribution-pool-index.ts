import { type Kysely, sql } from 'kysely';

/**
 * The pool, oldest first: the leads a distribution may hand out (`distributableStatuses`), by
 * id. A distribution locks the oldest of them; without this index it walked the whole table in
 * id order, worked leads included, so each distribution read further as the centre worked its
 * leads (1.3 s for 50,000 leads behind 630,000 worked ones in a table of 1M), or PostgreSQL
 * read all of it and sorted the pool. A lead leaving the pool writes no entry here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX leads_pool_idx ON leads (id) WHERE status IN ('new', 'recycled')
  `.execute(db);
}
