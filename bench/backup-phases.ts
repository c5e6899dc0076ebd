import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import os from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ArchiveReader } from '../src/server/backups/archive-reader.ts';
import { openBackupFile } from '../src/server/backups/backup.service.ts';
import {
  type BackupManifest,
  copyStatement,
  manifestSchema,
  quoteIdentifier,
} from '../src/server/backups/backup-archive.ts';
import { dumpDatabase } from '../src/server/backups/backup-dump.ts';
import { createDatabase, type DatabaseHandle, migrateUpTo } from '../src/server/db/database.ts';
import type { BenchContext } from './context.ts';

const restoreStatementTimeoutMs = 60 * 60_000;

/** The one-minute load average, as the figures' details give it. */
const load = () => os.loadavg()[0]?.toFixed(2) ?? '?';

/**
 * Backup, verification and restore of a fresh install's empty base and of the seeded one
 * (1M leads, 5M calls in the base run), then where the seeded one's time goes: the dump, the
 * gzip, the load table by table, and the same load with the indexes and keys built after.
 */

export function sink() {
  const counted = { bytes: 0 };
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      counted.bytes += chunk.length;
      done();
    },
  });
  return { stream, counted };
}

/** The backup's parts apart: the dump with no gzip, gzip alone, gunzip alone, the reader. */
export async function backupPhases(database: DatabaseHandle, file: string) {
  const phaseLoad = load();
  const client = await database.connectUnlimited();
  const dumped = sink();
  let started = performance.now();
  try {
    await dumpDatabase(client, dumped.stream);
  } finally {
    await client.end();
  }
  const dumpMs = performance.now() - started;

  started = performance.now();
  await pipeline(openBackupFile(file), sink().stream);
  const gunzipMs = performance.now() - started;

  const raw = `${file}.raw`;
  await pipeline(openBackupFile(file), createWriteStream(raw));
  try {
    started = performance.now();
    await pipeline(createReadStream(raw), createGzip({ level: 3 }), sink().stream);
    const gzipMs = performance.now() - started;

    started = performance.now();
    const reader = new ArchiveReader(openBackupFile(file));
    await reader.line('a assinatura');
    const manifest = manifestSchema.parse(JSON.parse(await reader.line('o resumo')));
    for (const table of manifest.tables) {
      await reader.line(table.name);
      await pipeline(reader.section(table.name), sink().stream);
    }
    const readMs = performance.now() - started;
    return {
      dumpMs,
      gzipMs,
      gunzipMs,
      readMs,
      rawBytes: (await stat(raw)).size,
      load: `${phaseLoad} → ${load()}`,
    };
  } finally {
    await rm(raw, { force: true });
  }
}

export interface Build {
  name: string;
  kind: 'index' | 'unique' | 'foreign';
  ms: number;
}

export interface LoadTiming {
  schemaMs: number;
  loadMs: number;
  buildMs: number;
  tables: { name: string; rows: number; ms: number }[];
  builds: Build[];
  load: string;
}

/**
 * The restore's load (backup-restore.ts, loadRows) timed table by table in a blank database:
 * as CCA does it, with the foreign keys dropped first and validated after the rows, or with
 * every index, primary, unique and foreign key dropped and built after, as pg_restore orders it.
 */
export async function loadTimed(
  context: BenchContext,
  file: string,
  options: { dropped: 'none' | 'foreign keys' | 'all' },
): Promise<LoadTiming> {
  const startLoad = load();
  const url = await blankDatabase(context);
  const target = restoreHandle(url);
  const reader = new ArchiveReader(openBackupFile(file));
  await reader.line('a assinatura');
  const manifest: BackupManifest = manifestSchema.parse(JSON.parse(await reader.line('o resumo')));
  let started = performance.now();
  await migrateUpTo(target.db, manifest.migrations.at(-1) as string);
  const schemaMs = performance.now() - started;
  const client = await target.connectUnlimited();
  const tables: LoadTiming['tables'] = [];
  const builds: Build[] = [];
  let loadMs = 0;
  let buildMs = 0;
  try {
    const names = manifest.tables.map((table) => quoteIdentifier(table.name));
    await client.query('BEGIN');
    for (const name of names) await client.query(`ALTER TABLE ${name} DISABLE TRIGGER USER`);
    await client.query(`TRUNCATE ${names.join(', ')}`);
    const rebuild =
      options.dropped === 'none'
        ? []
        : await dropIndexesAndKeys(client, { foreignKeysOnly: options.dropped === 'foreign keys' });
    started = performance.now();
    for (const table of manifest.tables) {
      await reader.line(table.name);
      const tableStarted = performance.now();
      const copy = client.query(copyFrom(copyStatement(table, 'FROM')));
      await pipeline(reader.section(table.name), copy);
      if (copy.rowCount !== table.rows) throw new Error(`${table.name}: ${copy.rowCount} rows`);
      tables.push({ name: table.name, rows: table.rows, ms: performance.now() - tableStarted });
    }
    loadMs = performance.now() - started;
    started = performance.now();
    for (const build of rebuild) {
      const buildStarted = performance.now();
      await client.query(build.statement);
      builds.push({ name: build.name, kind: build.kind, ms: performance.now() - buildStarted });
    }
    buildMs = performance.now() - started;
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
    await target.close();
    await context.dropDatabase(url);
  }
  return { schemaMs, loadMs, buildMs, tables, builds, load: `${startLoad} → ${load()}` };
}

/**
 * Drops the schema's foreign keys, and unless told otherwise its primary and unique keys and
 * other indexes; answers the statements that make them again, in the order they can be made.
 */
export async function dropIndexesAndKeys(client: pg.Client, options: { foreignKeysOnly: boolean }) {
  const constraints = await client.query<{
    table: string;
    name: string;
    definition: string;
    type: string;
  }>(
    `SELECT c.conrelid::regclass::text AS table, c.conname AS name,
            pg_get_constraintdef(c.oid) AS definition, c.contype AS type
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
      WHERE t.relnamespace = current_schema()::regnamespace AND c.contype = ANY($1)
      ORDER BY c.contype = 'f' DESC, c.conname`,
    [options.foreignKeysOnly ? ['f'] : ['f', 'p', 'u', 'x']],
  );
  const indexes = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
      WHERE t.relnamespace = current_schema()::regnamespace AND NOT $1
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid
                          AND c.contype IN ('p', 'u', 'x'))
      ORDER BY 1`,
    [options.foreignKeysOnly],
  );
  for (const constraint of constraints.rows) {
    await client.query(
      `ALTER TABLE ${constraint.table} DROP CONSTRAINT ${quoteIdentifier(constraint.name)}`,
    );
  }
  for (const index of indexes.rows) await client.query(`DROP INDEX ${index.name}`);
  const add = (constraint: (typeof constraints.rows)[number]) => ({
    name: constraint.name,
    kind: constraint.type === 'f' ? ('foreign' as const) : ('unique' as const),
    statement: `ALTER TABLE ${constraint.table} ADD CONSTRAINT ${quoteIdentifier(constraint.name)} ${constraint.definition}`,
  });
  return [
    ...indexes.rows.map((index) => ({
      name: index.name,
      kind: 'index' as const,
      statement: index.definition,
    })),
    ...constraints.rows.filter((constraint) => constraint.type !== 'f').map(add),
    ...constraints.rows.filter((constraint) => constraint.type === 'f').map(add),
  ];
}

export async function blankDatabase(context: BenchContext): Promise<string> {
  const name = `cca_bench_${randomBytes(4).toString('hex')}`;
  const admin = await context.database.connectUnlimited();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(context.databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export const restoreHandle = (url: string) =>
  createDatabase({
    connectionString: url,
    poolSize: 2,
    statementTimeoutMs: restoreStatementTimeoutMs,
  });

/** One backup as the schedule makes it, its verification, and a restore into a blank database. */
