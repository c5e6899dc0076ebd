import { rm } from 'node:fs/promises';
import {
  type BlockListLoadResult,
  type BlockListSource,
  loadBlockListFieldsSchema,
  phoneColumnsOf,
  phonesInRow,
} from '../../core/block-lists.ts';
import type { AuditTrail } from '../audit/index.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import type { SavedUpload } from '../http/multipart-upload.ts';
import { transitionEvent } from '../lead-transitions/index.ts';
import { type FileInspection, inspectFile, readFileRowBatches } from '../spreadsheets/index.ts';
import type { BlockListRepository, BlockListSourceRow } from './block-list.repository.ts';

/** Phones sent to the database per statement while a file is read. */
const chunkSize = 20_000;
const ignoredExamplesKept = 10;

function toSource(row: BlockListSourceRow): BlockListSource {
  return { ...row, loadedAt: row.loadedAt.toISOString() };
}

/** The history reason of a lead blocked because its number is on the list `name`. */
export const listHistoryReason = (name: string) => `Telefone na lista de bloqueio "${name}"`;

function parseFields(fields: { name?: string | undefined; listDate?: string | undefined }) {
  const parsed = loadBlockListFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Dados inválidos.');
  }
  // A day of margin for the time zones: a list dated tomorrow is a typo.
  if (Date.parse(parsed.data.listDate) > Date.now() + 24 * 3600_000) {
    throw new AppError('BAD_REQUEST', 'A data da lista não pode ser no futuro.');
  }
  return parsed.data;
}

/**
 * Reads a file's phones and hands them to `send` in chunks. A first row without a phone is
 * the header: it may name the phone columns. Other rows without one are counted, the first
 * few by number.
 */
async function readPhones(
  filePath: string,
  inspection: FileInspection,
  send: (phones: string[]) => Promise<void>,
) {
  let chunk: string[] = [];
  let phones = 0;
  let ignoredRows = 0;
  const ignoredRowExamples: number[] = [];
  let columns: number[] | undefined;
  for await (const rows of readFileRowBatches(filePath, inspection, { bytesRead: 0 })) {
    for (const row of rows) {
      const found = phonesInRow(row.cells, columns);
      if (found.length === 0) {
        if (row.rowNumber === 1) columns = phoneColumnsOf(row.cells);
        else if (row.cells.some((cell) => cell.trim() !== '')) {
          ignoredRows++;
          if (ignoredRowExamples.length < ignoredExamplesKept) {
            ignoredRowExamples.push(row.rowNumber);
          }
        }
        continue;
      }
      phones += found.length;
      for (const phone of found) chunk.push(phone);
    }
    if (chunk.length >= chunkSize) {
      await send(chunk);
      chunk = [];
    }
  }
  if (chunk.length > 0) await send(chunk);
  return { phones, ignoredRows, ignoredRowExamples };
}

export function createBlockListService({
  blockLists,
  unitOfWork,
}: {
  blockLists: BlockListRepository;
  unitOfWork: RunUnitOfWork;
}) {
  return {
    async list() {
      return { sources: (await blockLists.list()).map(toSource) };
    },

    /**
     * Loads a file of phones under the source `name`, replacing that source's numbers when it
     * exists. The file is removed afterwards, loaded or not.
     */
    async load(
      fields: { name?: string | undefined; listDate?: string | undefined },
      upload: SavedUpload,
      adminId: string,
      audit: AuditTrail,
    ): Promise<BlockListLoadResult> {
      try {
        const { name, listDate } = parseFields(fields);
        const inspection = await inspectFile(upload.filePath);
        return await unitOfWork(audit, async (unit) => {
          const statements = blockLists.within(unit.trx);
          const source = await statements.lockOrCreate(name, listDate, adminId);
          const replacing = !source.created;
          await statements.beginLoad();
          // While the database stores one chunk, the next is read: the file's reading and the
          // database's writing run side by side, on two cores.
          let inFlight: Promise<void> = Promise.resolve();
          const send = async (phones: string[]) => {
            await inFlight;
            inFlight = statements.stage(phones);
            // Seen at the next await; without this an early failure would go unhandled.
            inFlight.catch(() => {});
          };
          const read = await readPhones(upload.filePath, inspection, send);
          await inFlight;
          if (read.phones === 0) {
            throw new AppError(
              'BAD_REQUEST',
              'Nenhum telefone brasileiro no arquivo. Envie uma lista com um telefone com DDD por linha (ou colunas de DDD e número).',
            );
          }
          const { formerOwnerIds, ...applied } = await statements.apply(
            source.id,
            replacing,
            adminId,
            listHistoryReason(name),
          );
          await statements.finishLoad(source.id, {
            listDate,
            adminId,
            phoneDelta: applied.added - applied.removed,
            leadsBlocked: applied.leadsBlocked,
          });
          if (formerOwnerIds.length > 0) {
            unit.publish(transitionEvent('blockByList', { assessorIds: formerOwnerIds }));
          }
          const loaded = await statements.find(source.id);
          if (!loaded) throw new Error('the block list source vanished inside its own load');
          // The numbers themselves stay out of the log: it is kept for good, personal data is not.
          await unit.audit({
            action: 'block_list.loaded',
            target: { type: 'block_list', id: source.id },
            details: {
              name: loaded.name,
              listDate,
              fileName: upload.fileName,
              phones: loaded.phoneCount,
              ...applied,
              ignoredRows: read.ignoredRows,
            },
          });
          return {
            source: toSource(loaded),
            replaced: replacing,
            ...applied,
            ignoredRows: read.ignoredRows,
            ignoredRowExamples: read.ignoredRowExamples,
          };
        });
      } finally {
        await rm(upload.filePath, { force: true });
      }
    },

    /** Deletes a source: its numbers block nothing more (leads it blocked stay as they are). */
    async remove(id: number, audit: AuditTrail): Promise<void> {
      await unitOfWork(audit, async (unit) => {
        const removed = await blockLists.within(unit.trx).remove(id);
        if (!removed) throw new AppError('NOT_FOUND', 'Lista de bloqueio não encontrada.');
        await unit.audit({
          action: 'block_list.removed',
          target: { type: 'block_list', id },
          details: { name: removed.name, phones: removed.phoneCount },
        });
      });
    },
  };
}
export type BlockListService = ReturnType<typeof createBlockListService>;
