import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { createImportRepository } from './import.repository.ts';
import { importRoutes } from './import.routes.ts';
import { createImportService } from './import.service.ts';

export interface ImportsFeatureOptions extends FeatureOptions {
  dataDir: string;
  importMaxBytes: number;
}

/** Lead lists from CSV and XLSX files: /api/imports, its preview, progress, rejections, undo. */
export const importsFeature: FastifyPluginAsync<ImportsFeatureOptions> = async (
  app,
  { database, dataDir, importMaxBytes, unitOfWork },
) => {
  const importService = createImportService({
    imports: createImportRepository(database.db),
    unitOfWork,
    dataDir,
  });
  await app.register(importRoutes, { importService, dataDir, importMaxBytes });
};

/** The queue's worker runs beside the HTTP server, not inside it: main.ts starts and stops it. */
export { type ImportWorker, startImportWorker } from './import.worker.ts';
/** A lead sent by another system is read, checked and stored as an imported row is. */
export { insertNumbers } from './import-chunk.sql.ts';
export { normaliseRow, type RowLayout } from './import-row.ts';

export { erasureImportRowSteps } from './import-rows-erasure.sql.ts';
