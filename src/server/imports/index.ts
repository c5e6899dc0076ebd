import type { FastifyPluginAsync } from 'fastify';
import type { FeatureOptions } from '../feature.ts';
import { createImportRepository } from './import.repository.ts';
import { importRoutes } from './import.routes.ts';
import { createImportService } from './import.service.ts';
import { createLeadInjectionRepository } from './lead-injection.repository.ts';
import { leadInjectionRoutes } from './lead-injection.routes.ts';
import { createLeadInjectionService } from './lead-injection.service.ts';

export interface ImportsFeatureOptions extends FeatureOptions {
  dataDir: string;
  importMaxBytes: number;
}

/**
 * Lead lists from CSV and XLSX files: /api/imports, its preview, progress, rejections, undo;
 * and leads other systems send one by one or in batches (POST /api/leads, /api/leads/batch).
 */
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
  const leadInjectionService = createLeadInjectionService({
    injection: createLeadInjectionRepository(),
    unitOfWork,
  });
  await app.register(leadInjectionRoutes, { leadInjectionService });
};

/** The file readers, for the other features that read lists of phones. */
export { type FileInspection, inspectFile } from './file-inspection.ts';
/** The keys' purge runs beside the HTTP server too: main.ts starts and stops it. */
export { type IdempotencyKeyPurge, startIdempotencyKeyPurge } from './idempotency-key-purge.ts';
/** The queue's worker runs beside the HTTP server, not inside it: main.ts starts and stops it. */
export { type ImportWorker, startImportWorker } from './import.worker.ts';
export { readFileRowBatches } from './row-reader.ts';
