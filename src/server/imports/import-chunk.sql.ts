import { blockedPhoneTables, phoneIsBlocked } from '../db/blocked-phones.ts';

/**
 * The statements that load a staged chunk (import-staging.repository.ts runs them), in order,
 * each named for the answer read from it. The batch's id and source are written in, since a
 * query of several statements takes no parameters.
 */
export interface BatchToLoad {
  id: number;
  source: string;
  fillEmptyFields: boolean;
  /** Whether the file maps several phone columns: only then may a row bring several numbers. */
  severalPhones: boolean;
}

export interface ChunkStatement {
  name: string;
  sql: string;
}

/** A staged row that is neither refused nor on a block list. */
const callableRow = (alias: string) => `${alias}.reason IS NULL AND NOT ${alias}.blocked`;

/**
 * The chunk's first statements: its block-list marks, counts and refused rows; for a file with
 * several phone columns, the rows that meet a lead's number and the numbers the others share.
 */
export function screeningStatements(batch: BatchToLoad): ChunkStatement[] {
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
 * warnings, the staging table emptied. The batch's id and source are written in, since a
 * query of several statements takes no parameters.
 */
export function loadingStatements(
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
