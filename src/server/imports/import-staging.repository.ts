import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  type BatchToLoad,
  type ChunkStatement,
  loadingStatements,
  screeningStatements,
} from './import-chunk.sql.ts';
import { rowsClaimedEarlier, type SharedNumber } from './numbers-claimed.ts';

export interface BatchCounts {
  total: number;
  inserted: number;
  updated: number;
  duplicates: number;
  blocked: number;
  rejected: number;
  /** Rows that made a lead with a change (the list "importadas com avisos"). */
  warned: number;
}

/**
 * The staging table's columns with their types, in the order COPY reads them: the table, the
 * COPY statement and the lines written for it all follow this one list.
 */
const stagingTable = {
  row_number: 'integer NOT NULL',
  name: 'text',
  phone: 'text',
  phone_raw: 'text',
  email: 'text',
  cpf: 'text',
  city: 'text',
  uf: 'text',
  notes: 'text',
  extra: 'jsonb',
  /** Every number of a row that has several (ImportedPhone), its main one first; else NULL. */
  phones: 'jsonb',
  /** The same row's numbers but the main one, for the duplicate checks; else NULL. */
  other_phones: 'text[]',
  reason: 'text',
  warning: 'text',
  raw: 'jsonb',
} as const;
type StagingColumn = keyof typeof stagingTable;
const stagingColumns = Object.keys(stagingTable) as StagingColumn[];

/**
 * One row for the staging table: an accepted lead (with what was changed to accept it, and the
 * row as it was), or a rejected row with its reason.
 */
export type StagingRow = { row_number: number } & Partial<
  Record<Exclude<StagingColumn, 'row_number'>, string | null>
>;

/** A staging line: a staging row as a line of COPY text; a column left out is NULL. */
export function stagingLine(row: StagingRow): string {
  return `${stagingColumns.map((column) => copyText(row[column] ?? null)).join('\t')}\n`;
}

export function emptyCounts(): BatchCounts {
  return { total: 0, inserted: 0, updated: 0, duplicates: 0, blocked: 0, rejected: 0, warned: 0 };
}

/** A way to look at each statement of a chunk before it runs (the plan tests). */
export type BeforeStatement = (statement: ChunkStatement) => Promise<void>;

/**
 * Loading a batch on one connection, in one transaction, chunk by chunk: each chunk of rows
 * (rejected ones with their reason) is COPYed into a temporary staging table, then a few
 * set-based statements store its rejections, fill or skip existing leads and insert the new
 * ones. While PostgreSQL loads one chunk the worker parses the next, so both cores work.
 * Nothing is visible before the commit, so a crash leaves no half batch.
 *
 * No statement's cost may grow with the leads already in the base (decision 004): the staging
 * table is analysed after each COPY, so the planner knows the chunk's size instead of guessing
 * one row and scanning a table once per row; the base's tables are only ever probed by a
 * number, through their unique indexes, whatever their statistics say.
 */
export const stagingSql = {
  async begin(client: pg.ClientBase) {
    await client.query('BEGIN');
    // One import may take minutes: the pool's per-statement limits do not fit it.
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query('SET LOCAL idle_in_transaction_session_timeout = 0');
    // Room to sort a chunk in memory, and to batch the name index's updates.
    await client.query("SET LOCAL work_mem = '64MB'");
    await client.query("SET LOCAL gin_pending_list_limit = '64MB'");
    // The chunk's ANALYZE reads a sample of 3,000 rows: enough for its size and its NULLs.
    await client.query('SET LOCAL default_statistics_target = 10');
    const columns = stagingColumns.map((column) => `${column} ${stagingTable[column]}`);
    // `blocked` and `taken` are not copied: each chunk's statements set them.
    await client.query(`CREATE TEMP TABLE import_staging
                          (${columns.join(', ')},
                           blocked boolean NOT NULL DEFAULT false,
                           taken boolean NOT NULL DEFAULT false)
                        ON COMMIT DROP`);
  },

  /**
   * Loads one chunk of staging lines and adds what it did to `counts`. After the COPY, the
   * chunk's statements go as one query: the worker parses the next chunk meanwhile, and each
   * separate round trip would leave PostgreSQL idle until the parser let the answer in. A file
   * with several phone columns takes two: which rows of the chunk share a number is settled in
   * order by the worker between them.
   */
  async loadChunk(
    client: pg.ClientBase,
    lines: Buffer,
    batch: BatchToLoad,
    counts: BatchCounts,
    beforeStatement?: BeforeStatement,
  ) {
    const copy = client.query(
      copyFrom(`COPY import_staging (${stagingColumns.join(', ')}) FROM STDIN`),
    );
    await pipeline(Readable.from([lines]), copy);
    const source = client.escapeLiteral(batch.source);
    const run = (statements: ChunkStatement[]) =>
      runStatements(client, statements, beforeStatement);
    // A one-phone file's chunk needs no answer between the two: one query, one round trip.
    const screening = batch.severalPhones ? await run(screeningStatements(batch)) : undefined;
    const duplicates = rowsClaimedEarlier(
      (screening?.answer('shared numbers')?.rows ?? []) as SharedNumber[],
    );
    const loading = loadingStatements(batch, source, duplicates);
    const last = await run(screening ? loading : [...screeningStatements(batch), ...loading]);
    const figures = (screening ?? last).answer('figures')?.rows[0];
    counts.total += figures?.total ?? 0;
    counts.rejected += figures?.rejected ?? 0;
    counts.blocked += figures?.blocked ?? 0;
    counts.updated += last.answer('filled')?.rowCount ?? 0;
    counts.inserted += last.answer('inserted')?.rows[0]?.inserted ?? 0;
    counts.warned += last.answer('inserted')?.rows[0]?.warned ?? 0;
  },

  /** Closes the batch with its counts; undefined when another server took it over. */
  async close(client: pg.ClientBase, batchId: number, counts: BatchCounts) {
    const final = {
      ...counts,
      duplicates:
        counts.total - counts.rejected - counts.blocked - counts.inserted - counts.updated,
    };
    // clock_timestamp(): now() is the start of the import's transaction, not its end.
    const closed = await client.query(
      `UPDATE import_batches
          SET status = 'done', total_rows = $2, processed_rows = $2, inserted = $3,
              updated = $4, duplicates = $5, blocked = $6, rejected = $7, warnings = $8,
              finished_at = clock_timestamp(), heartbeat_at = clock_timestamp()
        WHERE id = $1 AND status = 'running'`,
      [
        batchId,
        final.total,
        final.inserted,
        final.updated,
        final.duplicates,
        final.blocked,
        final.rejected,
        final.warned,
      ],
    );
    // Someone else took the batch over (this server was thought dead): leave it to them.
    return closed.rowCount === 1 ? final : undefined;
  },
};

/**
 * Runs statements as one query, or one by one when each is to be looked at first, and answers
 * each statement's result by its name.
 */
async function runStatements(
  client: pg.ClientBase,
  statements: ChunkStatement[],
  beforeStatement: BeforeStatement | undefined,
) {
  let results: pg.QueryResult[];
  if (beforeStatement) {
    results = [];
    for (const statement of statements) {
      await beforeStatement(statement);
      results.push(await client.query(statement.sql));
    }
  } else {
    const answer = await client.query(statements.map(({ sql }) => sql).join(';\n'));
    // A query of several statements answers with one result per statement.
    results = statements.length === 1 ? [answer] : (answer as unknown as pg.QueryResult[]);
  }
  return {
    answer: (name: string) => results[statements.findIndex((each) => each.name === name)],
  };
}

/** A value in PostgreSQL's COPY text format. */
function copyText(value: string | number | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return value.replace(/[\\\t\n\r]/g, (char) =>
    char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r',
  );
}
