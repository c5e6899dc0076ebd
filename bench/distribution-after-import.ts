import { type Kysely, sql } from 'kysely';
import { createDatabase } from '../src/server/db/database.ts';
import type { Database } from '../src/server/db/schema.ts';
import { atMost, below, type Figure } from './harness.ts';
import { seedAssessors } from './seed.ts';
import { distribute } from './server.ts';

const assessors = 500;
const each = 100;

/** The tables the import's own VACUUM (ANALYZE) tidies after its commit, in its order. */
const tidiedTables = ['leads', 'lead_names'];

/**
 * Waits for the import's own VACUUM (ANALYZE) of each table; answers, for each, the seconds it
 * was seen done after the wait began. The names' vacuum (a trigram index) ends well after the
 * leads' on a big import: a distribution started between the two shares the machine with it.
 */
async function tidied(db: Kysely<Database>): Promise<number[]> {
  const started = performance.now();
  const doneAfter: (number | undefined)[] = tidiedTables.map(() => undefined);
  for (let attempt = 0; attempt < 4800; attempt++) {
    await sql`select pg_stat_clear_snapshot()`.execute(db);
    const { rows } = await sql<{ relname: string; done: boolean }>`
      select relname, last_vacuum is not null and last_analyze is not null as done
        from pg_stat_user_tables where relname = any(${tidiedTables})`.execute(db);
    tidiedTables.forEach((table, index) => {
      if (doneAfter[index] === undefined && rows.some((row) => row.relname === table && row.done))
        doneAfter[index] = (performance.now() - started) / 1000;
    });
    if (doneAfter.every((seconds) => seconds !== undefined)) return doneAfter as number[];
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the import did not vacuum its tables');
}

/** A distribution of `each` leads to every assessor; answers its time in seconds. */
async function timedDistribution(server: { baseUrl: string; cookie: string }): Promise<number> {
  const started = performance.now();
  await distribute(server, { each });
  return (performance.now() - started) / 1000;
}

/**
 * The first distribution on the leads a file import has just made, once the import's own
 * VACUUM (ANALYZE) is done, against one on a table vacuumed again by hand: the import leaves
 * the table as a vacuum would, so the two take the same time. A second distribution before
 * the vacuum tells the first read of a cold table from the table's state.
 */
export async function distributionAfterImport(
  server: { baseUrl: string; cookie: string },
  databaseUrl: string,
  imported: number,
): Promise<Figure[]> {
  // Three full distributions need the leads for all (not so in a quick run's small file).
  if (imported < 3 * assessors * each) return [];
  const handle = createDatabase({
    connectionString: databaseUrl,
    poolSize: 2,
    statementTimeoutMs: 600_000,
  });
  try {
    await seedAssessors(handle.db, assessors);
    const tidiedAfter = await tidied(handle.db);
    const afterImport = await timedDistribution(server);
    const secondAfterImport = await timedDistribution(server);
    await sql`vacuum analyze leads`.execute(handle.db);
    const vacuumed = await timedDistribution(server);
    const total = (assessors * each).toLocaleString('en');
    return [
      below(
        `distribution of ${total} leads straight after the import`,
        afterImport,
        's',
        3,
        `the import's own VACUUM (ANALYZE) done (${tidiedTables
          .map((table, index) => `${table} ${tidiedAfter[index]?.toFixed(1)} s`)
          .join(', ')} after the wait began); ${assessors} assessors × ${each}`,
      ),
      atMost(
        'distribution straight after the import ÷ on a table vacuumed again',
        afterImport / vacuumed,
        '×',
        1.15,
        `${afterImport.toFixed(2)} s after the import, then ${secondAfterImport.toFixed(2)} s ` +
          `(the table read once), ${vacuumed.toFixed(2)} s after another VACUUM (ANALYZE)`,
      ),
    ];
  } finally {
    await handle.close();
  }
}
