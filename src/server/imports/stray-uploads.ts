import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ImportRepository } from './import.repository.ts';
import { batchIdOfUpload, uploadsDirectory } from './import-files.ts';

/**
 * How long an upload of no batch is left alone. It may be the file of a request still being
 * received or checked, or of a batch whose transaction has not committed yet (the file is
 * moved in just before the commit), on this server or on another one sharing the folder: none
 * of them takes an hour.
 */
export const strayUploadAgeMs = 60 * 60 * 1000;

/**
 * Deletes the uploads no batch still waits for: the file of a batch that ended (a server died
 * between ending it and deleting its file), and, once an hour old, a file of no batch at all
 * (a request or a transaction that died with its server). The files of queued and running
 * batches stay, whoever runs them. Answers how many it deleted.
 */
export async function removeStrayUploads(
  dataDir: string,
  repository: Pick<ImportRepository, 'statusesOf'>,
): Promise<number> {
  const directory = uploadsDirectory(dataDir);
  // Listed before the batches are read: a batch queued meanwhile is seen queued.
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    // No upload received yet.
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const uploads = names
    .filter((name) => name.endsWith('.upload'))
    .map((name) => ({ filePath: path.join(directory, name), id: batchIdOfUpload(name) }));
  const statuses = await repository.statusesOf(
    uploads.flatMap(({ id }) => (id === undefined ? [] : [id])),
  );
  const oldBefore = Date.now() - strayUploadAgeMs;
  let removed = 0;
  for (const { filePath, id } of uploads) {
    const status = id === undefined ? undefined : statuses.get(id);
    if (status === 'queued' || status === 'running') continue;
    if (status === undefined) {
      const modified = await stat(filePath).then(
        (stats) => stats.mtimeMs,
        () => undefined,
      );
      if (modified === undefined || modified > oldBefore) continue;
    }
    await rm(filePath, { force: true });
    removed++;
  }
  return removed;
}
