import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** cca-2026-11-29T02-30-00Z.backup.gz: sorts by time, and Windows takes the name. */
const backupName = /^cca-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.backup\.gz$/;
const partialSuffix = '.partial';

export function backupFileName(at: Date): string {
  const stamp = at.toISOString().slice(0, 19).replaceAll(':', '-');
  return `cca-${stamp}Z.backup.gz`;
}

/** Where a backup is written until it is whole: a crash leaves no half file named as a backup. */
export const partialPath = (file: string) => `${file}${partialSuffix}`;

const recordSchema = z.object({
  createdAt: z.iso.datetime({ offset: true }),
  sizeBytes: z.number().int(),
  rows: z.number().int(),
  durationMs: z.number(),
  verification: z
    .object({
      at: z.iso.datetime({ offset: true }),
      ok: z.boolean(),
      durationMs: z.number(),
      error: z.string().optional(),
    })
    .optional(),
});

/** What CCA knows of a backup, kept beside it (`….backup.gz.json`): it outlives the database. */
export type BackupRecord = z.infer<typeof recordSchema>;

export interface BackupEntry extends BackupRecord {
  file: string;
  name: string;
}

export const recordPath = (file: string) => `${file}.json`;

export async function writeRecord(file: string, record: BackupRecord) {
  const target = recordPath(file);
  await writeFile(partialPath(target), JSON.stringify(record, null, 2));
  await rename(partialPath(target), target);
}

/** The folder's backups, newest first; a file without its record is listed from its name. */
export async function listBackups(dir: string): Promise<BackupEntry[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) =>
    backupName.test(name),
  );
  const entries = await Promise.all(
    names.map(async (name): Promise<BackupEntry | undefined> => {
      const file = path.join(dir, name);
      const size = await stat(file).then(
        (info) => info.size,
        () => undefined,
      );
      if (size === undefined) return undefined;
      const record = recordSchema.safeParse(
        await readFile(recordPath(file), 'utf8').then(JSON.parse, () => undefined),
      );
      if (record.success) return { ...record.data, file, name };
      return { createdAt: timeInName(name), sizeBytes: size, rows: 0, durationMs: 0, file, name };
    }),
  );
  return entries
    .filter((entry) => entry !== undefined)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

function timeInName(name: string): string {
  const [, day, hours, minutes, seconds] = backupName.exec(name) ?? [];
  return `${day}T${hours}:${minutes}:${seconds}.000Z`;
}

/** Deletes what a crash left half written. */
export async function sweepPartials(dir: string) {
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.endsWith(partialSuffix))
      .map((name) => rm(path.join(dir, name), { force: true })),
  );
}

export interface Retention {
  /** The last backup of each of this many latest days is kept. */
  daily: number;
  /** …and the last of each of this many latest weeks (Monday to Sunday). */
  weekly: number;
}

/** The backups a retention keeps: the newest always, then per day and per week, in `timeZone`. */
export function backupsToKeep(
  backups: Pick<BackupEntry, 'name' | 'createdAt'>[],
  retention: Retention,
  timeZone: string,
): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const keep = new Set<string>(newestFirst.slice(0, 1).map((backup) => backup.name));
  const keepLastOfEach = (period: (day: string) => string, count: number) => {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      const key = period(localDay(new Date(backup.createdAt), timeZone));
      if (seen.has(key)) continue;
      if (seen.size >= count) break;
      seen.add(key);
      keep.add(backup.name);
    }
  };
  keepLastOfEach((day) => day, retention.daily);
  keepLastOfEach(mondayOf, retention.weekly);
  return keep;
}

/** Deletes the backups the retention does not keep; returns their names. */
export async function applyRetention(dir: string, retention: Retention, timeZone: string) {
  const backups = await listBackups(dir);
  const keep = backupsToKeep(backups, retention, timeZone);
  const dropped = backups.filter((backup) => !keep.has(backup.name));
  for (const backup of dropped) {
    await rm(recordPath(backup.file), { force: true });
    await rm(backup.file, { force: true });
  }
  return dropped.map((backup) => backup.name);
}

function localDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(at);
}

function mondayOf(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}
