import path from 'node:path';

/** The folder of the files being imported: uploads being received, and batches' files. */
export function uploadsDirectory(dataDir: string): string {
  return path.join(dataDir, 'imports');
}

/** Where the file of a batch waits for the worker; deleted when the batch ends. */
export function uploadPath(dataDir: string, batchId: number): string {
  return path.join(uploadsDirectory(dataDir), `${batchId}.upload`);
}

/** The batch whose file `fileName` is (as uploadPath names it), or undefined for any other file. */
export function batchIdOfUpload(fileName: string): number | undefined {
  const match = /^(\d+)\.upload$/.exec(fileName);
  return match ? Number(match[1]) : undefined;
}
