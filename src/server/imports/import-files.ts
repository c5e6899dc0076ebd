import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where the file of a batch waits for the worker; deleted when the batch ends. */
export function uploadPath(dataDir: string, batchId: number): string {
  return path.join(dataDir, 'imports', `${batchId}.upload`);
}

/**
 * Streams an upload to a temporary file of its own, never holding it in memory. The caller
 * renames it to the batch's file or removes it.
 */
export async function saveUpload(dataDir: string, file: Readable) {
  const directory = path.join(dataDir, 'imports');
  await mkdir(directory, { recursive: true });
  const filePath = path.join(directory, `incoming-${randomBytes(8).toString('hex')}.upload`);
  try {
    await pipeline(file, createWriteStream(filePath));
  } catch (error) {
    await rm(filePath, { force: true });
    throw error;
  }
  const { size } = await stat(filePath);
  return { filePath, size };
}
