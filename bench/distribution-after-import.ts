import { type Kysely, sql } from 'kysely';
import { createDatabase } from '../src/server/db/database.ts';
import type { Database } from '../src/server/db/schema.ts';
import { atMost, below, type Figure } from './harness.ts';
import { seedAssessors } from './seed.ts';
import { distribute } from './server.ts';

const assessors = 500;
const each = 100;

/** The tables the import's own VACUUM (ANALYZE) tidies after its commit. */
const tidiedTables = ['leads', 'lead_names'];

/**
 * Waits for the import's own VACUUM (ANALYZE) of each table; answers the seconds after which
 * each was seen done. The names' vacuum ends after the leads' (5.7 s later at 10M): a
 * distribution started between the two shares the machine with it.
 */
async function tidied(db: Kysely<Database>): Promise<Map<string, number>> {
  const started = performance.now();
  const doneAfter = new Map<string, number>();
  for (let attempt = 0; attempt < 4800; attempt++) {
    await sql`select pg_stat_clear_snapshot()`.execute(db);
    const { rows } = await sql<{ relname: string }>`
      select relname from pg_stat_user_tables
       where relname = any(${tidiedTables}) and last_vacuum is not null and last_analyze is not null
    `.execute(db);
    for (const { relname } of rows) {
      if (!doneAfter.has(relname)) doneAfter.set(relname, (performance.now() - started) / 1000);
    }
    if (doneAfter.size === tidiedTables.length) return doneAfter;
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
        `the import's own VACUUM (ANALYZE) done (${[...tidiedAfter]
          .map(([table, seconds]) => `${table} ${seconds.toFixed(1)} s`)
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
