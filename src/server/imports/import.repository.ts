import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../db/schema.ts';

export interface NewBatch {
  fileName: string;
  fileSize: number;
  format: 'csv' | 'xlsx';
  source: string;
  mapping: Record<string, string>;
  columns: string[];
  fillEmptyFields: boolean;
  createdBy: string;
}

export interface BatchCounts {
  total: number;
  inserted: number;
  updated: number;
  duplicates: number;
  blocked: number;
  rejected: number;
}

export type ImportRepository = ReturnType<typeof createImportRepository>;

const batchColumns = [
  'b.id',
  'b.file_name',
  'b.file_size',
  'b.format',
  'b.source',
  'b.mapping',
  'b.columns',
  'b.fill_empty_fields',
  'b.status',
  'b.total_rows',
  'b.processed_rows',
  'b.inserted',
  'b.updated',
  'b.duplicates',
  'b.blocked',
  'b.rejected',
  'b.error',
  'b.created_at',
  'b.started_at',
  'b.finished_at',
  'b.heartbeat_at',
  'u.name as created_by_name',
] as const;

export function createImportRepository(db: Kysely<Database>) {
  const selectBatches = () =>
    db
      .selectFrom('import_batches as b')
      .innerJoin('users as u', 'u.id', 'b.created_by')
      .select(batchColumns)
      .select(sql<Date>`now()`.as('now'));

  return {
    /** Inserts a queued batch; `beforeCommit` runs inside the transaction (moves the file). */
    async insertBatch(batch: NewBatch, beforeCommit: (id: number) => Promise<void>) {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('import_batches')
          .values({
            file_name: batch.fileName,
            file_size: batch.fileSize,
            format: batch.format,
            source: batch.source,
            mapping: JSON.stringify(batch.mapping),
            columns: JSON.stringify(batch.columns),
            fill_empty_fields: batch.fillEmptyFields,
            created_by: batch.createdBy,
            error: null,
            total_rows: null,
            started_at: null,
            finished_at: null,
            heartbeat_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await beforeCommit(id);
        return id;
      });
    },

    list: (limit: number) => selectBatches().orderBy('b.id', 'desc').limit(limit).execute(),

    find: (id: number) => selectBatches().where('b.id', '=', id).executeTakeFirst(),

    /** Takes the oldest queued batch; SKIP LOCKED lets several servers share the queue. */
    async claimNext() {
      const result = await sql<{ id: number }>`
        UPDATE import_batches
           SET status = 'running', started_at = now(), heartbeat_at = now(),
               processed_rows = 0, error = NULL
         WHERE id = (
           SELECT id FROM import_batches
            WHERE status = 'queued'
            ORDER BY id
            FOR UPDATE SKIP LOCKED
            LIMIT 1)
        RETURNING id`.execute(db);
      const claimed = result.rows[0];
      return claimed ? this.find(claimed.id) : undefined;
    },

    /** Batches whose server stopped beating (it died) go back to the queue. */
    async requeueStale(staleSeconds: number) {
      const result = await sql`
        UPDATE import_batches SET status = 'queued', processed_rows = 0
         WHERE status = 'running'
           AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => ${staleSeconds}))
      `.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },

    async beat(id: number, processedRows: number, totalRows: number | null) {
      await db
        .updateTable('import_batches')
        .set({
          processed_rows: processedRows,
          total_rows: totalRows,
          heartbeat_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    },

    async requeue(id: number) {
      await db
        .updateTable('import_batches')
        .set({ status: 'queued', processed_rows: 0 })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    },

    async markFailed(id: number, error: string) {
      await db
        .updateTable('import_batches')
        .set({ status: 'failed', error, finished_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    },

    rejectionsPage: (batchId: number, afterRow: number, limit: number) =>
      db
        .selectFrom('import_rejections')
        .select(['row_number', 'reason', 'raw'])
        .where('batch_id', '=', batchId)
        .where('row_number', '>', afterRow)
        .orderBy('row_number')
        .limit(limit)
        .execute(),

    /**
     * Deletes the batch's leads only while every one of them is still `new`: the delete
     * re-checks the status of each row it locks, so a lead assigned meanwhile is kept and
     * the count of what is left rolls the whole undo back.
     */
    async undo(batchId: number): Promise<'undone' | 'not-done' | 'in-use'> {
      return db
        .transaction()
        .execute(async (trx) => {
          const batch = await trx
            .selectFrom('import_batches')
            .select('status')
            .where('id', '=', batchId)
            .forUpdate()
            .executeTakeFirst();
          if (batch?.status !== 'done') return 'not-done';
          await sql`
            with deleted as (
              delete from leads where batch_id = ${batchId} and status = 'new' returning id
            )
            delete from lead_history where lead_id in (select id from deleted)
          `.execute(trx);
          const left = await trx
            .selectFrom('leads')
            .select(sql<number>`count(*)::int`.as('count'))
            .where('batch_id', '=', batchId)
            .executeTakeFirstOrThrow();
          if (left.count > 0) throw new BatchInUse();
          await trx
            .updateTable('import_batches')
            .set({ status: 'undone' })
            .where('id', '=', batchId)
            .execute();
          return 'undone' as const;
        })
        .catch((error: unknown) => {
          if (error instanceof BatchInUse) return 'in-use' as const;
          throw error;
        });
    },
  };
}

class BatchInUse extends Error {}

/** Columns of the staging table, in the order the rows are written by COPY. */
const stagingColumns =
  'row_number, name, phone, phone_raw, email, cpf, city, uf, notes, extra, reason, raw';

export interface BatchToLoad {
  id: number;
  source: string;
  fillEmptyFields: boolean;
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
  async begin(client: pg.PoolClient) {
    await client.query('BEGIN');
    // One import may take minutes: the pool's per-statement limits do not fit it.
    await client.query('SET LOCAL statement_timeout = 0');
    await client.query('SET LOCAL idle_in_transaction_session_timeout = 0');
    // Room to sort a chunk in memory, and to batch the name index's updates.
    await client.query("SET LOCAL work_mem = '64MB'");
    await client.query("SET LOCAL gin_pending_list_limit = '64MB'");
    await client.query(`
      CREATE TEMP TABLE import_staging (
        row_number integer NOT NULL,
        name text, phone text, phone_raw text, email text, cpf text, city text, uf text,
        notes text, extra jsonb, reason text, raw jsonb
      ) ON COMMIT DROP`);
  },

  /** Loads one chunk of staging lines and adds what it did to `counts`. */
  async loadChunk(client: pg.PoolClient, lines: string, batch: BatchToLoad, counts: BatchCounts) {
    const copy = client.query(copyFrom(`COPY import_staging (${stagingColumns}) FROM STDIN`));
    await pipeline(Readable.from([lines]), copy);
    const figures = await client.query<{ total: number; rejected: number; blocked: number }>(`
      SELECT count(*)::int AS total,
             count(*) FILTER (WHERE reason IS NOT NULL)::int AS rejected,
             count(*) FILTER (WHERE reason IS NULL
                                AND EXISTS (SELECT 1 FROM do_not_call d WHERE d.phone = s.phone))::int
               AS blocked
        FROM import_staging s`);
    const chunk = figures.rows[0] ?? { total: 0, rejected: 0, blocked: 0 };
    counts.total += chunk.total;
    counts.rejected += chunk.rejected;
    counts.blocked += chunk.blocked;
    if (chunk.rejected > 0) {
      await client.query(
        `INSERT INTO import_rejections (batch_id, row_number, reason, raw)
         SELECT $1, row_number, reason, raw FROM import_staging WHERE reason IS NOT NULL`,
        [batch.id],
      );
    }
    const firstOfEachPhone = `
      SELECT DISTINCT ON (phone) *
        FROM import_staging s
       WHERE reason IS NULL
         AND NOT EXISTS (SELECT 1 FROM do_not_call d WHERE d.phone = s.phone)
       ORDER BY phone, row_number`;
    if (batch.fillEmptyFields) {
      // Leads of this same batch are repeats within the file: duplicates, not updates.
      const result = await client.query(
        `UPDATE leads l
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
            AND l.batch_id IS DISTINCT FROM $1
            AND ((l.email IS NULL AND f.email IS NOT NULL)
              OR (l.cpf IS NULL AND f.cpf IS NOT NULL)
              OR (l.city IS NULL AND f.city IS NOT NULL)
              OR (l.uf IS NULL AND f.uf IS NOT NULL)
              OR (l.notes IS NULL AND f.notes IS NOT NULL))`,
        [batch.id],
      );
      counts.updated += result.rowCount ?? 0;
    }
    const inserted = await client.query(
      `INSERT INTO leads (name, phone, phone_raw, email, cpf, city, uf, notes, extra,
                          batch_id, source, status)
       SELECT name, phone, phone_raw, email, cpf, city, uf, notes, extra, $1, $2, 'new'
         FROM (${firstOfEachPhone}) f
       ON CONFLICT (phone) DO NOTHING`,
      [batch.id, batch.source],
    );
    counts.inserted += inserted.rowCount ?? 0;
    await client.query('TRUNCATE import_staging');
  },

  /** Closes the batch with its counts; undefined when another server took it over. */
  async close(client: pg.PoolClient, batchId: number, counts: BatchCounts) {
    const final = {
      ...counts,
      duplicates:
        counts.total - counts.rejected - counts.blocked - counts.inserted - counts.updated,
    };
    const closed = await client.query(
      `UPDATE import_batches
          SET status = 'done', total_rows = $2, processed_rows = $2, inserted = $3,
              updated = $4, duplicates = $5, blocked = $6, rejected = $7,
              finished_at = now(), heartbeat_at = now()
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

/** A value in PostgreSQL's COPY text format. */
export function copyText(value: string | null): string {
  if (value === null) return '\\N';
  return value.replace(/[\\\t\n\r]/g, (char) =>
    char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r',
  );
}
