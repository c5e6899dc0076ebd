import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { createDatabase, type DatabaseHandle } from '../db/database.ts';
import { InvalidBackupError } from './backup-archive.ts';
import { dumpDatabase } from './backup-dump.ts';
import {
  applyRetention,
  type BackupEntry,
  type BackupRecord,
  backupFileName,
  listBackups,
  partialPath,
  type Retention,
  writeRecord,
} from './backup-folder.ts';
import { type RestoreOptions, restoreDatabase } from './backup-restore.ts';

export interface BackupSettings {
  /** BACKUP_DIR: DATA_DIR/backups unless the admin names another disk or share. */
  dir: string;
  retention: Retention;
  timeZone: string;
}

export class BackupRunningError extends Error {
  constructor() {
    super('Um backup já está em andamento; aguarde ele terminar.');
  }
}

/** One backup at a time across every CCA server on the database. */
const backupLockKey = 0x43434142; // "CCAB"

/**
 * Writes a backup of the whole database into the folder, under a temporary name until it is
 * whole and on disk. Only the record of a finished backup is written.
 */
export async function createBackup(
  database: DatabaseHandle,
  settings: BackupSettings,
): Promise<BackupEntry> {
  await mkdir(settings.dir, { recursive: true });
  const startedAt = new Date();
  const file = path.join(settings.dir, backupFileName(startedAt));
  const client = await database.connectUnlimited();
  try {
    const locked = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1) AS locked',
      [backupLockKey],
    );
    if (!locked.rows[0]?.locked) throw new BackupRunningError();
    const gzip = createGzip({ level: 3 });
    const written = pipelineAsync(gzip, createWriteStream(partialPath(file)));
    const [dumped, saved] = await Promise.allSettled([
      dumpDatabase(client, gzip).finally(() => gzip.end()),
      written,
    ]);
    if (dumped.status === 'rejected') throw dumped.reason;
    if (saved.status === 'rejected') throw saved.reason;
    await syncToDisk(partialPath(file));
    await rename(partialPath(file), file);
    const record: BackupRecord = {
      createdAt: startedAt.toISOString(),
      sizeBytes: (await stat(file)).size,
      rows: dumped.value.tables.reduce((sum, table) => sum + table.rows, 0),
      durationMs: Date.now() - startedAt.getTime(),
    };
    await writeRecord(file, record);
    return { ...record, file, name: path.basename(file) };
  } catch (error) {
    await rm(partialPath(file), { force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

async function syncToDisk(file: string) {
  const handle = await open(file, 'r+');
  await handle.sync().finally(() => handle.close());
}

/** A backup file's text, ungzipped; a damaged file fails the reading with InvalidBackupError. */
export function openBackupFile(file: string) {
  const gunzip = createGunzip();
  pipeline(createReadStream(file), gunzip, () => {});
  return gunzip;
}

/** Restores a backup file, telling a damaged archive apart from a database that failed. */
export async function restoreBackupFile(
  database: DatabaseHandle,
  file: string,
  options: RestoreOptions = {},
) {
  try {
    return await restoreDatabase(database, openBackupFile(file), options);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code.startsWith('Z_')) throw new InvalidBackupError('a compressão está danificada');
    if (code === 'ENOENT') throw new Error(`O arquivo ${file} não existe.`);
    throw error;
  }
}

/** The start of the names of this process's scratch databases. */
export const scratchPrefix = () => `cca_verify_${process.pid}_`;

/**
 * Restores the backup into a scratch database on the same server, which checks every table's
 * rows against the count the backup took, then drops it. The result goes in the record.
 */
export async function verifyBackup(database: DatabaseHandle, backup: BackupEntry) {
  const startedAt = Date.now();
  // The process's id tells whose scratch database it is when several servers share one.
  const name = `${scratchPrefix()}${randomBytes(6).toString('hex')}`;
  const admin = await database.connectUnlimited();
  let error: string | undefined;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(database.directConnection.connectionString);
    url.pathname = `/${name}`;
    const scratch = createDatabase({
      connectionString: url.toString(),
      poolSize: 2,
      statementTimeoutMs: 60 * 60_000,
    });
    try {
      await restoreBackupFile(scratch, backup.file);
    } finally {
      await scratch.close();
    }
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
  }
  const verification = {
    at: new Date().toISOString(),
    ok: error === undefined,
    durationMs: Date.now() - startedAt,
    ...(error === undefined ? {} : { error }),
  };
  const { file, name: _name, ...record } = backup;
  await writeRecord(file, { ...record, verification });
  return { ...backup, verification };
}

/** A backup, its verification and the retention, as the schedule and the admin page run it. */
export async function backUpAndVerify(database: DatabaseHandle, settings: BackupSettings) {
  const backup = await createBackup(database, settings);
  const verified = await verifyBackup(database, backup);
  await applyRetention(settings.dir, settings.retention, settings.timeZone);
  return verified;
}

/** A backup older than this is stale: the admins and /api/health are warned. */
export const staleAfterMs = 36 * 60 * 60 * 1000;

export type BackupState = 'ok' | 'none' | 'stale' | 'failed';

export async function backupState(dir: string, now = new Date()) {
  const latest = (await listBackups(dir))[0];
  let state: BackupState = 'ok';
  if (!latest) state = 'none';
  else if (latest.verification?.ok === false) state = 'failed';
  else if (now.getTime() - Date.parse(latest.createdAt) > staleAfterMs) state = 'stale';
  return { state, latest };
}

/** Seconds since the latest backup was made; undefined when there is none. */
export async function backupAgeSeconds(dir: string, now = new Date()) {
  const latest = (await listBackups(dir))[0];
  if (!latest) return undefined;
  return (now.getTime() - Date.parse(latest.createdAt)) / 1000;
}
