import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFields } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { containsUnstorableText, unstorableTextRefused } from './input-guard.ts';

/** A file received and saved to disk, waiting to be read. */
export interface SavedUpload {
  filePath: string;
  fileName: string;
  size: number;
}

/**
 * Streams an upload to a temporary file of its own in `directory`, never holding it in
 * memory. The caller moves the file on or removes it.
 */
export async function saveUpload(directory: string, file: Readable) {
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

/** The last value of a text field of a multipart form. */
export function textField(fields: MultipartFields, name: string): string | undefined {
  const field = fields[name];
  const last = Array.isArray(field) ? field.at(-1) : field;
  return last?.type === 'field' ? String(last.value) : undefined;
}

/**
 * Reads a multipart form (with @fastify/multipart registered, its limits set): the part named
 * `file` is streamed to `directory`, the fields are kept. A refused file (too large, empty,
 * carrying NUL) is removed and answered in pt-BR.
 */
export async function readUpload(
  request: FastifyRequest,
  { directory, maxBytes }: { directory: string; maxBytes: number },
): Promise<{ upload: SavedUpload; fields: MultipartFields }> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envie o arquivo como multipart/form-data.');
  }
  let fields: MultipartFields = {};
  let upload: SavedUpload | undefined;
  try {
    for await (const part of request.parts()) {
      // Each part carries the form's fields parsed so far: after the last one, all of them.
      fields = part.fields;
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || upload) {
        part.file.resume();
        continue;
      }
      const saved = await saveUpload(directory, part.file);
      upload = { ...saved, fileName: part.filename || 'arquivo' };
    }
  } catch (error) {
    if (upload) await rm(upload.filePath, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      const megabytes = Math.round(maxBytes / (1024 * 1024));
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `O arquivo passa do limite de ${megabytes} MB. Divida a lista em arquivos menores.`,
      );
    }
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', 'Não foi possível receber o arquivo. Tente novamente.');
  }
  if (!upload) throw new AppError('BAD_REQUEST', 'Escolha um arquivo para enviar.');
  // The JSON guard does not see a multipart body: its file name and fields are checked here.
  const texts = [upload.fileName, ...Object.keys(fields).map((name) => textField(fields, name))];
  if (containsUnstorableText(texts)) {
    await rm(upload.filePath, { force: true });
    throw unstorableTextRefused();
  }
  if (upload.size === 0) {
    await rm(upload.filePath, { force: true });
    throw new AppError('BAD_REQUEST', 'O arquivo está vazio.');
  }
  return { upload, fields };
}
