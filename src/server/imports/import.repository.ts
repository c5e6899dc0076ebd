import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely';
import type { LegalBasis } from '../../core/imports.ts';
import type { Database, ImportBatchStatus } from '../db/schema.ts';
import { deleteLeads } from '../lead-transitions/index.ts';

/**
 * What undoing a batch found. On 'in-use' the caller rolls the transaction back, which keeps
 * the leads it had deleted.
 */
export type UndoResult =
  | { undone: { fileName: string; inserted: number } }
  | 'not-found'
  | 'not-done'
  | 'in-use';

export interface NewBatch {
  fileName: string;
  fileSize: number;
  format: 'csv' | 'xlsx';
  source: string;
  legalBasis: LegalBasis;
  mapping: Record<string, string>;
  columns: string[];
  fillEmptyFields: boolean;
  createdBy: string;
}

export type ImportRepository = ReturnType<typeof createImportRepository>;

const batchColumns = [
  'b.id',
  'b.file_name',
  'b.file_size',
  'b.format',
  'b.source',
  'b.legal_basis',
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
  'b.warnings',
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
    /** Inserts a queued batch, in the caller's transaction. */
    async insertBatch(trx: Transaction<Database>, batch: NewBatch): Promise<number> {
      const { id } = await trx
        .insertInto('import_batches')
        .values({
          file_name: batch.fileName,
          file_size: batch.fileSize,
          format: batch.format,
          source: batch.source,
          legal_basis: batch.legalBasis,
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
      return id;
    },

    list: (limit: number) => selectBatches().orderBy('b.id', 'desc').limit(limit).execute(),

    find: (id: number) => selectBatches().where('b.id', '=', id).executeTakeFirst(),

    /** The status of each of `ids` that is a batch; an id of no batch is left out. */
    async statusesOf(ids: number[]) {
      if (ids.length === 0) return new Map<number, ImportBatchStatus>();
      const rows = await db
        .selectFrom('import_batches')
        .select(['id', 'status'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, row.status]));
    },

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

    /**
     * Ends the session `pid` (the import's own connection) at once: the statement it runs is
     * cancelled and its transaction rolled back, where closing the socket alone would leave the
     * statement running until it next wrote to the client.
     */
    async endSession(pid: number) {
      await sql`SELECT pg_terminate_backend(${pid})`.execute(db);
    },

    async markFailed(id: number, error: string) {
      await db
        .updateTable('import_batches')
        .set({ status: 'failed', error, finished_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .execute();
    },

    /** A page of the rows refused, or of the rows imported with a change (`imported`). */
    rejectionsPage: (batchId: number, imported: boolean, afterRow: number, limit: number) =>
      db
        .selectFrom('import_rejections')
        .select(['row_number', 'reason', 'raw'])
        .where('batch_id', '=', batchId)
        .where('imported', '=', imported)
        .where('row_number', '>', afterRow)
        .orderBy('row_number')
        .limit(limit)
        .execute(),

    /**
     * Deletes the batch's leads only while every one of them is still `new`: the delete
     * re-checks the status of each row it locks, so a lead assigned meanwhile is kept and
     * the count of what is left answers 'in-use'.
     */
    async undo(trx: Transaction<Database>, batchId: number): Promise<UndoResult> {
      const batch = await trx
        .selectFrom('import_batches')
        .select(['status', 'file_name', 'inserted'])
        .where('id', '=', batchId)
        .forUpdate()
        .executeTakeFirst();
      if (!batch) return 'not-found';
      if (batch.status !== 'done') return 'not-done';
      await deleteLeads('undoImport', sql<SqlBool>`l.batch_id = ${batchId}`).execute(trx);
      const left = await trx
        .selectFrom('leads')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('batch_id', '=', batchId)
        .executeTakeFirstOrThrow();
      if (left.count > 0) return 'in-use';
      await trx
        .updateTable('import_batches')
        .set({ status: 'undone' })
        .where('id', '=', batchId)
        .execute();
      return { undone: { fileName: batch.file_name, inserted: batch.inserted } };
    },
  };
}
