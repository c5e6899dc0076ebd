import path from 'node:path';

/** Where the file of a batch waits for the worker; deleted when the batch ends. */
export function uploadPath(dataDir: string, batchId: number): string {
  return path.join(dataDir, 'imports', `${batchId}.upload`);
}
