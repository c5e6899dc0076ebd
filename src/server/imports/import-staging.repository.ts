import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { blockedPhoneTables, phoneIsBlocked } from '../db/blocked-phones.ts';

export interface BatchCounts {
  total: number;
  inserted: number;
  updated: number;
  duplicates: number;
  blocked: number;
  rejected: number;
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

/** A staging row as a line of COPY text; a column left out is NULL. */
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
  return { total: 0, inserted: 0, updated: 0, duplicates: 0, blocked: 0, rejected: 0 };
}

/**
 * Loading a batch on one connection, in one transaction, chunk by chunk: each chunk of rows
 * (rejected ones with their reason) is COPYed into a temporary staging table, then a few
 * set-based statements store its rejections, fill or skip existing leads and insert the new
 * ones. While PostgreSQL loads one chunk the worker parses the next, so both cores work.
 * Nothing is visible before the commit, so a crash leaves no half batch.
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
    const columns = stagingColumns.map((column) => `${column} ${stagingTable[column]}`);
    // `blocked` is not copied: each chunk's first statements set it (see chunkStatements).
    await client.query(`CREATE TEMP TABLE import_staging
                          (${columns.join(', ')}, blocked boolean NOT NULL DEFAULT false)
                        ON COMMIT DROP`);
    await client.query(`CREATE TEMP TABLE import_numbers (phone text PRIMARY KEY, first_row integer)
                        ON COMMIT DROP`);
  },

  /**
   * Loads one chunk of staging lines and adds what it did to `counts`. After the COPY, the
   * chunk's statements go as one query: the worker parses the next chunk meanwhile, and each
   * separate round trip would leave PostgreSQL idle until the parser let the answer in.
   */
  async loadChunk(client: pg.ClientBase, lines: Buffer, batch: BatchToLoad, counts: BatchCounts) {
    const copy = client.query(
      copyFrom(`COPY import_staging (${stagingColumns.join(', ')}) FROM STDIN`),
    );
    await pipeline(Readable.from([lines]), copy);
    const statements = chunkStatements(batch, client.escapeLiteral(batch.source));
    // A query of several statements answers with one result per statement.
    const results = (await client.query(
      statements.map(({ sql }) => sql).join(';\n'),
    )) as unknown as pg.QueryResult[];
    const answer = (name: string) => results[statements.findIndex((each) => each.name === name)];
    const figures = answer('figures')?.rows[0];
    counts.total += figures?.total ?? 0;
    counts.rejected += figures?.rejected ?? 0;
    counts.blocked += figures?.blocked ?? 0;
    counts.updated += answer('filled')?.rowCount ?? 0;
    counts.inserted += answer('inserted')?.rows[0]?.inserted ?? 0;
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
              updated = $4, duplicates = $5, blocked = $6, rejected = $7,
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
      ],
    );
    // Someone else took the batch over (this server was thought dead): leave it to them.
    return closed.rowCount === 1 ? final : undefined;
  },
};

/**
 * The statements that load a staged chunk, in order, each named for the answer read from it;
 * the batch's id and source are written in, since a query of several statements takes no
 * parameters.
 */
function chunkStatements(batch: BatchToLoad, source: string): { name: string; sql: string }[] {
  const batchId = String(Math.trunc(batch.id));
  // One row per main number, none of whose numbers is already a lead's (leads.phone is
  // checked by the insert's ON CONFLICT) or an earlier row's of the file.
  const firstOfEachPhone = `
    SELECT DISTINCT ON (phone) *
      FROM import_staging s
     WHERE reason IS NULL
       AND NOT blocked
       AND NOT EXISTS (SELECT 1 FROM lead_phones p WHERE p.phone = s.phone)
       ${batch.severalPhones ? otherPhonesAreNew : ''}
     ORDER BY phone, row_number`;
  // The status is the column's default, 'new': where the transition table's import leads.
  const insertLeads = `
    INSERT INTO leads (name, phone, phone_raw, email, cpf, city, uf, notes, extra,
                       batch_id, source)
    SELECT name, phone, phone_raw, email, cpf, city, uf, notes, extra, ${batchId}, ${source}
      FROM first
    ON CONFLICT (phone) DO NOTHING`;
  return [
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
      // The refused rows, and the rows imported with a change, for the report's two lists.
      name: 'rejections',
      sql: `
        INSERT INTO import_rejections (batch_id, row_number, reason, raw, imported)
        SELECT ${batchId}, row_number, coalesce(reason, warning), raw, reason IS NULL
          FROM import_staging WHERE reason IS NOT NULL OR warning IS NOT NULL`,
    },
    ...(batch.severalPhones
      ? [
          {
            name: 'numbers',
            sql: `
              INSERT INTO import_numbers
              SELECT phone, min(row_number) FROM (
                SELECT phone, row_number FROM import_staging WHERE reason IS NULL
                UNION ALL
                SELECT unnest(other_phones), row_number FROM import_staging WHERE reason IS NULL
              ) numbers GROUP BY phone`,
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
      name: 'inserted',
      sql: batch.severalPhones
        ? `WITH first AS MATERIALIZED (${firstOfEachPhone}),
                inserted AS (${insertLeads} RETURNING id, phone),
                numbers AS (${insertNumbers})
           SELECT count(*)::int AS inserted FROM inserted`
        : `WITH first AS (${firstOfEachPhone}),
                inserted AS (${insertLeads} RETURNING 1)
           SELECT count(*)::int AS inserted FROM inserted`,
    },
    { name: 'emptied', sql: 'TRUNCATE import_staging, import_numbers' },
  ];
}

/**
 * For a file with several phone columns: a row is new only if none of its other numbers is a
 * lead's, nor a number of an earlier row of the chunk (`import_numbers`: where each number of
 * the chunk first appears; earlier chunks' rows are leads already).
 */
const otherPhonesAreNew = `
  AND (SELECT first_row FROM import_numbers n WHERE n.phone = s.phone) = s.row_number
  AND (s.other_phones IS NULL OR (
        NOT EXISTS (SELECT 1 FROM leads l WHERE l.phone = ANY (s.other_phones))
    AND NOT EXISTS (SELECT 1 FROM lead_phones p WHERE p.phone = ANY (s.other_phones))
    AND NOT EXISTS (SELECT 1 FROM import_numbers n
                     WHERE n.phone = ANY (s.other_phones) AND n.first_row < s.row_number)))`;

/**
 * The numbers of the leads just inserted that have several, in the file's order; a number on
 * a block list is kept as "Não ligar", so the assessor sees it and dials the others.
 */
export const insertNumbers = `
  INSERT INTO lead_phones (lead_id, position, phone, phone_raw, label, whatsapp, state)
  SELECT i.id, n.position - 1, n.number->>'phone', n.number->>'raw', n.number->>'label',
         (n.number->>'whatsapp')::boolean,
         CASE WHEN ${phoneIsBlocked("n.number->>'phone'")} THEN 'do_not_call' ELSE 'valid' END
    FROM inserted i
    JOIN first f ON f.phone = i.phone
   CROSS JOIN LATERAL jsonb_array_elements(f.phones) WITH ORDINALITY AS n (number, position)
   WHERE f.phones IS NOT NULL
  ON CONFLICT DO NOTHING`;

/** A value in PostgreSQL's COPY text format. */
function copyText(value: string | number | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return value.replace(/[\\\t\n\r]/g, (char) =>
    char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r',
  );
}
