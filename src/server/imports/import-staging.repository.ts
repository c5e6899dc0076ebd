import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { blockedPhoneTables, phoneIsBlocked } from '../db/blocked-phones.ts';

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

export interface BatchToLoad {
  id: number;
  source: string;
  fillEmptyFields: boolean;
  /** Whether the file maps several phone columns: only then may a row bring several numbers. */
  severalPhones: boolean;
}

export function emptyCounts(): BatchCounts {
  return { total: 0, inserted: 0, updated: 0, duplicates: 0, blocked: 0, rejected: 0, warned: 0 };
}

/** A named statement of a chunk, and a way to look at each before it runs (the plan tests). */
interface ChunkStatement {
  name: string;
  sql: string;
}
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

/** A staged row that is neither refused nor on a block list. */
const callableRow = (alias: string) => `${alias}.reason IS NULL AND NOT ${alias}.blocked`;

/**
 * The chunk's first statements: its block-list marks, counts and refused rows; for a file with
 * several phone columns, the rows that meet a lead's number and the numbers the others share.
 */
function screeningStatements(batch: BatchToLoad): ChunkStatement[] {
  const batchId = String(Math.trunc(batch.id));
  return [
    { name: 'statistics', sql: 'ANALYZE import_staging' },
    // Each row's number is looked up on the block lists once, by a join the planner may run as
    // a hash of a short list, and marked: the count and the insert read the mark. Probing both
    // lists row by row in each of them took 1.7 s per million rows each, with empty lists.
    ...blockedPhoneTables.map((table) => ({
      name: `blocked by ${table}`,
      sql: `
        UPDATE import_staging s SET blocked = true
          FROM ${table} b
         WHERE b.phone = s.phone AND s.reason IS NULL AND NOT s.blocked`,
    })),
    {
      name: 'figures',
      sql: `
        SELECT count(*)::int AS total,
               count(*) FILTER (WHERE reason IS NOT NULL)::int AS rejected,
               count(*) FILTER (WHERE blocked)::int AS blocked
          FROM import_staging`,
    },
    {
      // The refused rows, for the report's list; the rows imported with a change are stored
      // once they made a lead.
      name: 'rejections',
      sql: `
        INSERT INTO import_rejections (batch_id, row_number, reason, raw, imported)
        SELECT ${batchId}, row_number, reason, raw, false
          FROM import_staging WHERE reason IS NOT NULL`,
    },
    ...(batch.severalPhones ? severalPhonesScreening : []),
  ];
}

/**
 * A row is a duplicate when any of its numbers is a lead's (earlier chunks' rows are leads
 * already) or was claimed by an earlier row of the chunk that made a lead. The first is marked
 * here; the numbers that callable rows share within the chunk are answered to the worker, which
 * settles them in the file's order (`rowsClaimedEarlier`).
 *
 * Each number is probed alone, by a subquery with LIMIT: one is never hashed nor turned into a
 * join, so it reads the unique index whatever the statistics say. A row with one number skips
 * the probe of `leads`, as a one-phone file's row does: its insert's ON CONFLICT finds a lead's
 * main number, and any row of the chunk sharing that number is a duplicate on its own account.
 */
const severalPhonesScreening: ChunkStatement[] = [
  {
    name: 'taken',
    sql: `
      UPDATE import_staging s SET taken = true
       WHERE ${callableRow('s')}
         AND ((SELECT true FROM lead_phones p WHERE p.phone = s.phone LIMIT 1) IS NOT NULL
           OR (s.other_phones IS NOT NULL AND (
                 (SELECT true FROM leads l
                   WHERE l.phone = ANY (s.phone || s.other_phones) LIMIT 1) IS NOT NULL
              OR (SELECT true FROM lead_phones p
                   WHERE p.phone = ANY (s.other_phones) LIMIT 1) IS NOT NULL)))`,
  },
  {
    // Each number that several of the chunk's callable rows list, with those rows: one hash
    // aggregate and no join, so no plan can loop over the chunk once per row.
    name: 'shared numbers',
    sql: `
      SELECT phone, array_agg(row_number) AS rows
        FROM (SELECT phone, row_number FROM import_staging s
               WHERE ${callableRow('s')} AND NOT s.taken
              UNION ALL
              SELECT unnest(other_phones), row_number FROM import_staging s
               WHERE ${callableRow('s')} AND NOT s.taken AND s.other_phones IS NOT NULL
             ) numbers
       GROUP BY phone
      HAVING count(*) > 1`,
  },
];

/**
 * The chunk's last statements: the rows found duplicates of earlier ones marked, the empty
 * fields of existing leads filled, the new leads inserted with their numbers and their
 * warnings, the staging tables emptied. The batch's id and source are written in, since a
 * query of several statements takes no parameters.
 */
function loadingStatements(
  batch: BatchToLoad,
  source: string,
  duplicates: number[],
): ChunkStatement[] {
  const batchId = String(Math.trunc(batch.id));
  // The row that comes first for each main number: the one that may fill an existing lead's
  // empty fields, and in a one-phone file the one that may make a lead.
  const firstOfEachPhone = `
    SELECT DISTINCT ON (phone) *
      FROM import_staging s
     WHERE ${callableRow('s')}
       AND (SELECT true FROM lead_phones p WHERE p.phone = s.phone LIMIT 1) IS NULL
     ORDER BY phone, row_number`;
  // For several phone columns the screening settled every row: a callable row not taken is
  // new. In a one-phone file, the first row of each number is, unless its number is a lead's
  // (the insert's ON CONFLICT).
  const newRows = batch.severalPhones
    ? `SELECT * FROM import_staging s WHERE ${callableRow('s')} AND NOT s.taken`
    : firstOfEachPhone;
  // The status is the column's default, 'new': where the transition table's import leads.
  const insertLeads = `
    INSERT INTO leads (name, phone, phone_raw, email, cpf, city, uf, notes, extra,
                       batch_id, source)
    SELECT name, phone, phone_raw, email, cpf, city, uf, notes, extra, ${batchId}, ${source}
      FROM candidates
    ON CONFLICT (phone) DO NOTHING
    RETURNING id, phone`;
  return [
    ...(duplicates.length > 0
      ? [
          {
            name: 'duplicates of earlier rows',
            sql: `UPDATE import_staging SET taken = true
                   WHERE row_number = ANY ('{${duplicates.map(Math.trunc).join(',')}}'::integer[])`,
          },
        ]
      : []),
    ...(batch.fillEmptyFields
      ? [
          {
            // Leads of this same batch are repeats within the file: duplicates, not updates.
            name: 'filled',
            sql: `
              UPDATE leads l
                 SET email = COALESCE(l.email, f.email),
                     cpf = COALESCE(l.cpf, f.cpf),
                     city = COALESCE(l.city, f.city),
                     uf = COALESCE(l.uf, f.uf),
                     notes = COALESCE(l.notes, f.notes),
                     extra = f.extra || l.extra,
                     updated_at = now()
                FROM (${firstOfEachPhone}) f
               WHERE l.phone = f.phone
                 AND l.erased_at IS NULL
                 AND l.batch_id IS DISTINCT FROM ${batchId}
                 AND ((l.email IS NULL AND f.email IS NOT NULL)
                   OR (l.cpf IS NULL AND f.cpf IS NOT NULL)
                   OR (l.city IS NULL AND f.city IS NOT NULL)
                   OR (l.uf IS NULL AND f.uf IS NOT NULL)
                   OR (l.notes IS NULL AND f.notes IS NOT NULL))`,
          },
        ]
      : []),
    {
      // The rows that made a lead, matched by their number (one new row per number): only
      // they bring their other numbers and enter the list of rows imported with a warning.
      name: 'inserted',
      sql: `
        WITH candidates AS MATERIALIZED (${newRows}),
             inserted AS (${insertLeads}),
             made AS MATERIALIZED (
               SELECT i.id, c.row_number, c.phones, c.warning, c.raw
                 FROM inserted i JOIN candidates c ON c.phone = i.phone),
             numbers AS (${insertNumbers}),
             warned AS (
               INSERT INTO import_rejections (batch_id, row_number, reason, raw, imported)
               SELECT ${batchId}, row_number, warning, raw, true
                 FROM made WHERE warning IS NOT NULL
               RETURNING 1)
        SELECT (SELECT count(*) FROM made)::int AS inserted,
               (SELECT count(*) FROM warned)::int AS warned`,
    },
    { name: 'emptied', sql: 'TRUNCATE import_staging' },
  ];
}

/**
 * The numbers of the leads just made that have several, in the file's order; a number on
 * a block list is kept as "Não ligar", so the assessor sees it and dials the others.
 */
export const insertNumbers = `
  INSERT INTO lead_phones (lead_id, position, phone, phone_raw, label, whatsapp, state)
  SELECT m.id, n.position - 1, n.number->>'phone', n.number->>'raw', n.number->>'label',
         (n.number->>'whatsapp')::boolean,
         -- The main number is on no list: its row would have been refused as blocked.
         CASE WHEN n.position > 1 AND ${phoneIsBlocked("n.number->>'phone'")}
              THEN 'do_not_call' ELSE 'valid' END
    FROM made m
   CROSS JOIN LATERAL jsonb_array_elements(m.phones) WITH ORDINALITY AS n (number, position)
   WHERE m.phones IS NOT NULL
  ON CONFLICT DO NOTHING`;

/** A value in PostgreSQL's COPY text format. */
function copyText(value: string | number | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return value.replace(/[\\\t\n\r]/g, (char) =>
    char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r',
  );
}
