import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  type ColumnMapping,
  columnMappingSchema,
  type ImportBatch,
  type ImportPreview,
  type LeadField,
  legalBasisSchema,
  phoneFields,
} from '../../core/imports.ts';
import type { AuditTrail } from '../audit/index.ts';
import type { RunUnitOfWork } from '../db/unit-of-work.ts';
import { csvBom, csvLines, neutraliseCell } from '../export/index.ts';
import { AppError } from '../http/app-error.ts';
import type { SavedUpload } from '../http/multipart-upload.ts';
import { transitionEvent } from '../lead-transitions/index.ts';
import { inspectFile } from '../spreadsheets/index.ts';
import { guessMapping } from './guess-mapping.ts';
import type { ImportRepository } from './import.repository.ts';
import { uploadPath } from './import-files.ts';

export interface StartImportInput {
  upload: SavedUpload;
  mapping: string | undefined;
  source: string | undefined;
  legalBasis: string | undefined;
  fillEmptyFields: string | undefined;
  createdBy: string;
}

export type ImportService = ReturnType<typeof createImportService>;

type BatchRow = NonNullable<Awaited<ReturnType<ImportRepository['find']>>>;

export interface ImportServiceDeps {
  imports: ImportRepository;
  unitOfWork: RunUnitOfWork;
  dataDir: string;
}

export function createImportService(deps: ImportServiceDeps) {
  const { imports, unitOfWork } = deps;

  return {
    async preview(upload: SavedUpload): Promise<ImportPreview> {
      try {
        const inspection = await inspectFile(upload.filePath, { partial: true });
        return {
          format: inspection.format,
          encoding: inspection.csv?.encoding ?? null,
          delimiter: inspection.csv?.delimiter ?? null,
          columns: inspection.columns,
          mapping: guessMapping(inspection.columns),
          rows: inspection.rows,
        };
      } finally {
        await rm(upload.filePath, { force: true });
      }
    },

    /** Checks the whole file up front, then queues it; a refused file leaves nothing behind. */
    async start(input: StartImportInput, audit: AuditTrail): Promise<number> {
      const { upload } = input;
      try {
        const inspection = await inspectFile(upload.filePath);
        const mapping = readMapping(input.mapping, inspection.columns);
        const legalBasis = legalBasisSchema.safeParse(input.legalBasis);
        if (!legalBasis.success) {
          throw new AppError('BAD_REQUEST', 'Informe a base legal (LGPD) da lista.');
        }
        const source = (input.source ?? '').trim().slice(0, 200) || upload.fileName;
        return await unitOfWork(audit, async (unit) => {
          const id = await imports.insertBatch(unit.trx, {
            fileName: upload.fileName.slice(0, 255),
            fileSize: upload.size,
            format: inspection.format,
            source,
            legalBasis: legalBasis.data,
            mapping,
            columns: inspection.columns,
            fillEmptyFields: input.fillEmptyFields === 'true',
            createdBy: input.createdBy,
          });
          await unit.audit({
            action: 'import.started',
            target: { type: 'import', id },
            details: {
              fileName: upload.fileName.slice(0, 255),
              fileSize: upload.size,
              format: inspection.format,
              source,
              legalBasis: legalBasis.data,
            },
          });
          // Last, so that a batch is committed only with its file in place.
          await rename(upload.filePath, uploadPath(deps.dataDir, id));
          return id;
        });
      } catch (error) {
        await rm(upload.filePath, { force: true });
        throw error;
      }
    },

    async list(): Promise<ImportBatch[]> {
      return (await imports.list(100)).map(toImportBatch);
    },

    async get(id: number): Promise<ImportBatch> {
      const batch = await imports.find(id);
      if (!batch) throw new AppError('NOT_FOUND', 'Importação não encontrada.');
      return toImportBatch(batch);
    },

    /**
     * The rows refused (`rejected`) or imported with a change (`warnings`), as Excel in Brazil
     * opens them: UTF-8 with BOM, `;`, and a last column saying why.
     */
    async rowsCsv(
      id: number,
      list: 'rejected' | 'warnings',
    ): Promise<{ fileName: string; body: Readable }> {
      const batch = await imports.find(id);
      if (!batch) throw new AppError('NOT_FOUND', 'Importação não encontrada.');
      const columns = batch.columns;
      const why = list === 'rejected' ? 'motivo' : 'aviso';
      async function* lines() {
        yield `${csvBom}${csvLines([['linha', ...columns, why].map(neutraliseCell)])}`;
        let after = 0;
        for (;;) {
          const page = await imports.rejectionsPage(id, list === 'warnings', after, 5000);
          if (page.length === 0) return;
          yield csvLines(
            page.map((rejection) =>
              [
                String(rejection.row_number),
                ...columns.map((column) => rejection.raw[column] ?? ''),
                rejection.reason,
              ].map(neutraliseCell),
            ),
          );
          after = page.at(-1)?.row_number ?? after;
        }
      }
      const name = list === 'rejected' ? 'rejeitados' : 'com-avisos';
      return { fileName: `${name}-importacao-${id}.csv`, body: Readable.from(lines()) };
    },

    /** Deletes the batch's leads while all of them are still new; otherwise deletes none. */
    async undo(id: number, audit: AuditTrail): Promise<ImportBatch> {
      await unitOfWork(audit, async (unit) => {
        const result = await imports.undo(unit.trx, id);
        if (result === 'not-found') throw new AppError('NOT_FOUND', 'Importação não encontrada.');
        if (result === 'not-done') {
          throw new AppError('CONFLICT', 'Só é possível desfazer uma importação concluída.');
        }
        if (result === 'in-use') {
          throw new AppError(
            'CONFLICT',
            'Não é possível desfazer: alguns leads desta importação já foram distribuídos ou trabalhados.',
          );
        }
        await unit.audit({
          action: 'import.undone',
          target: { type: 'import', id },
          details: result.undone,
        });
        // The deleted leads were all new, so nobody's list held them: the pages of admins.
        unit.publish(transitionEvent('undoImport', { assessorIds: [] }));
      });
      return this.get(id);
    },
  };
}

function readMapping(text: string | undefined, columns: string[]): ColumnMapping {
  let candidate: unknown;
  if (text === undefined || text.trim() === '') {
    candidate = guessMapping(columns);
    const fields = Object.values(candidate as Record<string, string>);
    if (!fields.some((field) => phoneFields.includes(field as LeadField))) {
      throw new AppError(
        'BAD_REQUEST',
        'Não encontramos a coluna do telefone no arquivo. Indique qual coluna é o telefone.',
      );
    }
  } else {
    try {
      candidate = JSON.parse(text);
    } catch {
      throw new AppError('BAD_REQUEST', 'O mapeamento de colunas não é um JSON válido.');
    }
  }
  const parsed = columnMappingSchema.safeParse(candidate);
  if (!parsed.success) {
    throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? 'Mapeamento inválido.');
  }
  for (const column of Object.keys(parsed.data)) {
    if (!columns.includes(column)) {
      throw new AppError('BAD_REQUEST', `A coluna "${column}" não existe no arquivo.`);
    }
  }
  return parsed.data;
}

function toImportBatch(batch: BatchRow): ImportBatch {
  let rowsPerSecond: number | null = null;
  let secondsLeft: number | null = null;
  if (batch.status === 'running' && batch.started_at) {
    const elapsed = (batch.now.getTime() - batch.started_at.getTime()) / 1000;
    if (elapsed > 0 && batch.processed_rows > 0) {
      rowsPerSecond = Math.round(batch.processed_rows / elapsed);
      if (batch.total_rows !== null && rowsPerSecond > 0) {
        secondsLeft = Math.max(
          0,
          Math.round((batch.total_rows - batch.processed_rows) / rowsPerSecond),
        );
      }
    }
  } else if (batch.status === 'done' && batch.started_at && batch.finished_at) {
    const elapsed = (batch.finished_at.getTime() - batch.started_at.getTime()) / 1000;
    rowsPerSecond = elapsed > 0 ? Math.round(batch.processed_rows / elapsed) : null;
    secondsLeft = 0;
  }
  return {
    id: batch.id,
    fileName: batch.file_name,
    format: batch.format,
    source: batch.source,
    legalBasis: batch.legal_basis,
    status: batch.status,
    totalRows: batch.total_rows,
    processedRows: batch.processed_rows,
    rowsPerSecond,
    secondsLeft,
    inserted: batch.inserted,
    updated: batch.updated,
    duplicates: batch.duplicates,
    blocked: batch.blocked,
    rejected: batch.rejected,
    warnings: batch.warnings,
    error: batch.error,
    createdAt: batch.created_at.toISOString(),
    startedAt: batch.started_at?.toISOString() ?? null,
    finishedAt: batch.finished_at?.toISOString() ?? null,
    createdByName: batch.created_by_name,
  };
}
