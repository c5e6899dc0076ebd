import { rm } from 'node:fs/promises';
import type pg from 'pg';
import type { ColumnMapping } from '../../core/imports.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { createEventPublisher, type EventPublisher } from '../events/index.ts';
import { transitionEvent } from '../lead-transitions/index.ts';
import {
  type FileRow,
  inspectFile,
  type ReadProgress,
  readFileRowBatches,
} from '../spreadsheets/index.ts';
import { enqueueImportFinished } from '../webhooks/index.ts';
import { ChunkBuffers } from './chunk-buffers.ts';
import { createHeapCollector } from './heap-collector.ts';
import { createImportRepository } from './import.repository.ts';
import { uploadPath } from './import-files.ts';
import { normaliseRow, type RowLayout, rawRow, rowLayout } from './import-row.ts';
import {
  emptyCounts,
  type StagingRow,
  stagingLine,
  stagingSql,
} from './import-staging.repository.ts';
import { removeStrayUploads, strayUploadAgeMs } from './stray-uploads.ts';

export interface ImportWorkerOptions {
  database: DatabaseHandle;
  dataDir: string;
  log?: (message: string) => void;
  /**
   * Where a finished import is announced: the server's one publisher. Without it the worker
   * has one of its own, closed when it stops.
   */
  events?: EventPublisher;
  /** How often the queue is looked at when idle. */
  pollMs?: number;
  /** A running batch whose heartbeat is older than this was left by a dead server. */
  staleSeconds?: number;
  /**
   * An import that made at least this many leads is followed by a VACUUM (ANALYZE) of the leads
   * (default 10 000), so the next distribution reads fresh statistics and all-visible pages.
   */
  tidyAfterLeads?: number;
  /** Called after each row is read; tests throw from it to kill an import mid-way. */
  afterRow?: (rowNumber: number) => void;
  /** Rows loaded at once (default 20 000); tests cut a file in several ways with it. */
  chunkRows?: number;
}

export interface ImportWorker {
  /** Stops taking batches; one being loaded is rolled back and queued again. */
  stop(): Promise<void>;
}

/** Thrown by a test hook to play a server dying: the batch is left as a dead server leaves it. */
export class SimulatedCrash extends Error {}

class Stopped extends Error {}

const heartbeatMs = 1000;
/**
 * Rows per chunk loaded at once: big enough that each statement's overhead is small, small
 * enough that two chunks (one loading, one being parsed) stay a few megabytes.
 */
const defaultChunkRows = 20_000;

/** The in-process worker: one import at a time per server, several servers share the queue. */
export function startImportWorker(options: ImportWorkerOptions): ImportWorker {
  const repository = createImportRepository(options.database.db);
  const log = options.log ?? (() => {});
  const events =
    options.events ??
    createEventPublisher(options.database.db, {
      onError: (error) => log(`importação: aviso não enviado: ${String(error)}`),
    });
  // A live server beats every second: fifteen missed beats mean it died.
  const staleSeconds = options.staleSeconds ?? 15;
  const loadChunkRows = options.chunkRows ?? defaultChunkRows;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  /** The connection vacuuming after an import, ended by stop(): the vacuum is not worth a wait. */
  let tidying: pg.Client | undefined;
  /**
   * The session loading a batch, ended by stop(): a chunk's statement may run for seconds (or
   * wait behind a lock), and a stop must not wait for it nor for the rest of the file.
   */
  let loadingSession: number | undefined;
  let nextSweepAt = 0;

  const schedule = (delay: number) => {
    if (stopping) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
  };

  function tick() {
    running = drain()
      .catch((error: unknown) => log(`importação: ${(error as Error).message}`))
      .finally(() => {
        running = undefined;
        schedule(options.pollMs ?? 1000);
      });
  }

  async function drain() {
    if (Date.now() >= nextSweepAt) {
      nextSweepAt = Date.now() + strayUploadAgeMs;
      await sweepUploads();
    }
    await repository.requeueStale(staleSeconds);
    while (!stopping) {
      const batch = await repository.claimNext();
      if (!batch) return;
      await runBatch(batch);
    }
  }

  /** At start and then hourly: the files a server that died left behind take no disk for long. */
  async function sweepUploads() {
    try {
      const removed = await removeStrayUploads(options.dataDir, repository);
      if (removed > 0) log(`importação: ${removed} arquivo(s) sem importação pendente apagado(s)`);
    } catch (error) {
      log(`importação: arquivos sem importação pendente não apagados: ${String(error)}`);
    }
  }

  async function runBatch(batch: NonNullable<Awaited<ReturnType<typeof repository.find>>>) {
    const filePath = uploadPath(options.dataDir, batch.id);
    const progress: ReadProgress = { bytesRead: 0 };
    let processed = 0;
    const client = await options.database.connectUnlimited();
    loadingSession = await sessionOf(client).catch(() => undefined);
    let ending: Promise<void> | undefined;
    // Closing the connection rolls back whatever it did not commit, a COPY half sent too.
    const endClient = () => (ending ??= client.end().catch(() => {}));
    const heartbeat = startHeartbeat(() => {
      const estimate =
        progress.bytesRead > 0
          ? Math.max(processed, Math.round((processed * batch.file_size) / progress.bytesRead))
          : null;
      return repository.beat(batch.id, processed, estimate);
    });
    try {
      const inspection = await inspectFile(filePath);
      const layout = rowLayout(inspection.columns, batch.mapping as ColumnMapping);
      const batches = readFileRowBatches(filePath, inspection, progress);

      const toLoad = {
        id: batch.id,
        source: batch.source,
        fillEmptyFields: batch.fill_empty_fields,
        severalPhones: layout.phoneIndexes.length > 1,
      };
      const totals = emptyCounts();
      await stagingSql.begin(client);
      // The chunk PostgreSQL is loading while the next one is parsed.
      let loading: Promise<void> = Promise.resolve();
      const heap = createHeapCollector();
      const load = async (lines: Buffer) => {
        await loading;
        loading = stagingSql.loadChunk(client, lines, toLoad, totals);
        loading.catch(() => {});
        heap.collectIfGrown();
      };
      const chunks = new ChunkBuffers();
      let header = true;
      for await (const rows of batches) {
        for (const row of rows) {
          if (header) {
            header = false;
            continue;
          }
          if (stopping) throw new Stopped();
          processed++;
          options.afterRow?.(processed);
          const line = stagingLineOf(row, layout);
          if (!chunks.add(line)) {
            if (chunks.lines > 0) await load(chunks.take());
            // A line bigger than a whole buffer goes alone.
            if (!chunks.add(line)) await load(Buffer.from(line));
          }
          if (chunks.lines >= loadChunkRows) await load(chunks.take());
        }
      }
      if (chunks.lines > 0) await load(chunks.take());
      await loading;
      // The beats end before the transaction writes the batch's row: a beat sent after it would
      // wait for the commit, and the commit waits for the beat.
      await heartbeat.stop();
      const counts = await stagingSql.close(client, batch.id, totals);
      if (counts) await enqueueImportFinished(client, batch.id);
      // From the commit on a stop waits for it: a session ended mid-commit could leave the batch
      // done in the database and its file kept for a load that will never come.
      loadingSession = undefined;
      await client.query('COMMIT');
      if (counts) {
        // As a unit of work does: the pages hear of the new leads once they are committed.
        events.publish(transitionEvent('import', {}));
        log(
          `importação ${batch.id}: ${counts.inserted} incluídos, ${counts.duplicates} duplicados, ` +
            `${counts.blocked} bloqueados, ${counts.rejected} rejeitados, ${counts.warned} com avisos`,
        );
      }
      await rm(filePath, { force: true });
      if (counts && counts.inserted >= (options.tidyAfterLeads ?? 10_000)) {
        tidying = client;
        await tidyLeads(client, log, batch.id);
        tidying = undefined;
      }
    } catch (error) {
      await heartbeat.stop();
      if (error instanceof SimulatedCrash) return;
      // The failed transaction may hold the batch's row until it ends.
      await endClient();
      // A stop ends the session under way: whatever the load then failed with, it was the stop.
      if (error instanceof Stopped || stopping) {
        await repository.requeue(batch.id);
        return;
      }
      const message =
        (error as { statusCode?: number }).statusCode !== undefined
          ? (error as Error).message
          : 'Não foi possível ler o arquivo até o fim. Verifique se ele está íntegro.';
      log(`importação ${batch.id} falhou: ${(error as Error).message}`);
      await repository.markFailed(batch.id, message);
      await rm(filePath, { force: true });
    } finally {
      loadingSession = undefined;
      await endClient();
    }
  }

  schedule(0);
  return {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await tidying?.end().catch(() => {});
      if (loadingSession !== undefined) {
        // Rolled back as a closed connection would be; the batch is queued again below.
        await repository.endSession(loadingSession).catch(() => {});
      }
      await running;
      if (!options.events) await events.close();
    },
  };
}

/** Beats every second, one beat at a time, until stopped; stop() waits for the beat under way. */
function startHeartbeat(beat: () => Promise<void>) {
  let beating: Promise<void> | undefined;
  const timer = setInterval(() => {
    beating ??= beat()
      .catch(() => {})
      .finally(() => {
        beating = undefined;
      });
  }, heartbeatMs);
  return {
    async stop() {
      clearInterval(timer);
      await beating;
    },
  };
}

/**
 * After a big import its new rows have no hint bits, no visibility map and no statistics until
 * autovacuum comes by: the first distribution after it reads the heap and writes hint bits as it
 * goes (1.84 s for 50 000 leads straight after a 1M import, 1.41 s on a vacuumed table). The
 * import is already committed and announced; a failure here only leaves the work to autovacuum.
 */
async function tidyLeads(client: pg.ClientBase, log: (message: string) => void, batchId: number) {
  try {
    await client.query('SET statement_timeout = 0');
    await client.query('VACUUM (ANALYZE) leads, lead_names');
  } catch (error) {
    log(`importação ${batchId}: VACUUM depois da importação não concluído: ${String(error)}`);
  }
}

/** The server process of `client`'s session, which another session can end. */
async function sessionOf(client: pg.ClientBase): Promise<number> {
  const result = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return result.rows[0]?.pid ?? Promise.reject(new Error('pg_backend_pid() sem resposta'));
}

/** A row as a staging line. */
function stagingLineOf(row: FileRow, layout: RowLayout): string {
  // PostgreSQL text cannot hold NUL characters.
  const cells = row.cells.some((cell) => cell.includes('\0'))
    ? row.cells.map((cell) => cell.replaceAll('\0', ''))
    : row.cells;
  const result = normaliseRow(cells, layout);
  const staged: StagingRow = result.ok
    ? {
        row_number: row.rowNumber,
        name: result.lead.name,
        phone: result.lead.phone,
        phone_raw: result.lead.phoneRaw,
        email: result.lead.email,
        cpf: result.lead.cpf,
        city: result.lead.city,
        uf: result.lead.uf,
        notes: result.lead.notes,
        extra: JSON.stringify(result.lead.extra),
        phones: result.lead.phones && JSON.stringify(result.lead.phones),
        other_phones:
          result.lead.phones &&
          `{${result.lead.phones
            .slice(1)
            .map((number) => number.phone)
            .join(',')}}`,
        ...(result.warnings.length > 0
          ? {
              warning: result.warnings.join(' '),
              raw: JSON.stringify(rawRow(cells, layout)),
            }
          : {}),
      }
    : { row_number: row.rowNumber, reason: result.reason, raw: JSON.stringify(result.raw) };
  return stagingLine(staged);
}
