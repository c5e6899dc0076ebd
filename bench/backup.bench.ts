import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ArchiveReader } from '../src/server/backups/archive-reader.ts';
import {
  type BackupSettings,
  createBackup,
  openBackupFile,
  restoreBackupFile,
  verifyBackup,
} from '../src/server/backups/backup.service.ts';
import {
  type BackupManifest,
  copyStatement,
  manifestSchema,
  quoteIdentifier,
} from '../src/server/backups/backup-archive.ts';
import { dumpDatabase } from '../src/server/backups/backup-dump.ts';
import { createDatabase, type DatabaseHandle, migrateUpTo } from '../src/server/db/database.ts';
import type { BenchContext } from './context.ts';
import { below, type Figure, median } from './harness.ts';
import { seedCalls } from './seed.ts';

/**
 * Targets of our own (issue #45 sets none): the nightly backup of the 1M-lead / 5M-call base
 * within two minutes, so its snapshot holds vacuum back no longer than that, and a restore
 * within ten, the wait an office can bear after losing its PC.
 */
const backupTargetSeconds = 120;
const restoreTargetSeconds = 600;
/** The empty base's figures are a median of this many: each takes a second or two. */
const emptyRuns = 5;

const restoreStatementTimeoutMs = 60 * 60_000;

/** The one-minute load average, as the figures' details give it. */
const load = () => os.loadavg()[0]?.toFixed(2) ?? '?';

const seconds = (ms: number) => ms / 1000;
const megabytes = (bytes: number) => bytes / 2 ** 20;

/**
 * Backup, verification and restore of a fresh install's empty base and of the seeded one
 * (1M leads, 5M calls in the base run), then where the seeded one's time goes: the dump, the
 * gzip, the load table by table, and the same load with the indexes and keys built after.
 */
export async function backupBenchmarks(context: BenchContext): Promise<Figure[]> {
  const dir = path.join(context.workDir, 'backups');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const settings: BackupSettings = {
    dir,
    retention: { daily: 7, weekly: 4 },
    timeZone: 'America/Sao_Paulo',
  };
  try {
    const figures = await emptyBaseFigures(context, settings);
    await seedMissingCalls(context);
    figures.push(...(await seededBaseFigures(context, settings)));
    return figures;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A fresh install: the migrations' rows and the first admin. */
async function emptyBaseFigures(context: BenchContext, settings: BackupSettings) {
  const url = await context.createEmptyDatabase();
  const database = createDatabase({
    connectionString: url,
    poolSize: 2,
    statementTimeoutMs: restoreStatementTimeoutMs,
  });
  const startLoad = load();
  const backups: number[] = [];
  const verifications: number[] = [];
  const restores: number[] = [];
  let size = 0;
  try {
    console.log(`  backup: base vazia, ${emptyRuns} vezes…`);
    for (let run = 0; run < emptyRuns; run++) {
      const timed = await backUpVerifyAndRestore(context, database, settings);
      backups.push(timed.backupMs);
      verifications.push(timed.verificationMs);
      restores.push(timed.restoreMs);
      size = timed.sizeBytes;
    }
  } finally {
    await database.close();
    await context.dropDatabase(url);
  }
  const detail = `median of ${emptyRuns}; load average ${startLoad} → ${load()}`;
  return [
    report('backup of an empty base: time', median(backups), 'ms', detail),
    report('backup of an empty base: file size', size / 1024, 'KiB'),
    report(
      'backup of an empty base: verification (restore into a scratch database)',
      median(verifications),
      'ms',
      `${detail}; the migrations run before the rows load`,
    ),
    report(
      'backup of an empty base: restore into an empty database',
      median(restores),
      'ms',
      detail,
    ),
  ];
}

/** The calls the base run promises, unless another suite (dashboard) already made them. */
async function seedMissingCalls(context: BenchContext) {
  const { db } = context.database;
  const counted = await sql<{ calls: number }>`
    select count(*)::int as calls from lead_attempts
  `.execute(db);
  const missing = context.callCount - (counted.rows[0]?.calls ?? 0);
  if (missing <= 0) return;
  console.log(`  backup: gerando ${missing.toLocaleString('pt-BR')} ligações…`);
  await seedCalls(db, missing, context.assessorIds);
  // As the seeded leads: the steady state, not autovacuum's first pass over 5M calls beside
  // the backup, and nothing of the seeding left for a checkpoint to write during it.
  await sql`vacuum analyze`.execute(db);
  await sql`checkpoint`.execute(db);
}

async function seededBaseFigures(context: BenchContext, settings: BackupSettings) {
  const { db } = context.database;
  const counts = await sql<{ leads: number; calls: number; size: string }>`
    select (select count(*)::int from leads) as leads,
           (select count(*)::int from lead_attempts) as calls,
           pg_database_size(current_database())::text as size
  `.execute(db);
  const { leads, calls, size } = counts.rows[0] ?? { leads: 0, calls: 0, size: '0' };
  const base = `backup of ${leads.toLocaleString('en')} leads and ${calls.toLocaleString('en')} calls`;

  console.log(
    `  backup: ${leads.toLocaleString('pt-BR')} leads e ${calls.toLocaleString('pt-BR')} ligações…`,
  );
  const timed = await backUpVerifyAndRestore(context, context.database, settings, {
    keep: true,
  });
  const { file } = timed;
  try {
    console.log('  backup: as fases do backup…');
    const phases = await backupPhases(context.database, file);
    console.log('  backup: a carga tabela a tabela, com os índices…');
    const withIndexes = await loadTimed(context, file, { dropped: 'none' });
    console.log('  backup: a carga sem as chaves estrangeiras, validadas depois…');
    const keysAfter = await loadTimed(context, file, { dropped: 'foreign keys' });
    console.log('  backup: a carga sem índices nem chaves, construídos depois…');
    const indexesAfter = await loadTimed(context, file, { dropped: 'all' });

    const tableTimes = (timing: LoadTiming) =>
      [...timing.tables]
        .sort((left, right) => right.ms - left.ms)
        .slice(0, 4)
        .map(
          (table) =>
            `${table.name} (${table.rows.toLocaleString('en')} rows) ${seconds(table.ms).toFixed(1)} s`,
        )
        .join(', ');
    const builds = [...indexesAfter.builds]
      .sort((left, right) => right.ms - left.ms)
      .slice(0, 6)
      .map((build) => `${build.name} ${seconds(build.ms).toFixed(1)} s`)
      .join(', ');
    const buildTotal = (kind: Build['kind'], timing = indexesAfter) =>
      seconds(
        timing.builds
          .filter((build) => build.kind === kind)
          .reduce((sum, build) => sum + build.ms, 0),
      ).toFixed(1);
    return [
      below(
        `${base}: time`,
        seconds(timed.backupMs),
        's',
        backupTargetSeconds,
        `target of ours (issue #45 sets none); ${megabytes(Number(size)).toFixed(0)} MiB of database; load average ${timed.loads.backup}`,
      ),
      report(
        `${base}: file size`,
        megabytes(timed.sizeBytes),
        'MiB',
        `gzip level 3 of ${megabytes(phases.rawBytes).toFixed(0)} MiB of COPY text (${(phases.rawBytes / timed.sizeBytes).toFixed(1)} ×); ${timed.rows.toLocaleString('en')} rows`,
      ),
      below(
        `${base}: verification (restore into a scratch database)`,
        seconds(timed.verificationMs),
        's',
        restoreTargetSeconds,
        `target of ours; load average ${timed.loads.verification}`,
      ),
      below(
        `${base}: restore into an empty database`,
        seconds(timed.restoreMs),
        's',
        restoreTargetSeconds,
        `target of ours; load average ${timed.loads.restore}`,
      ),
      report(
        `${base}: the dump alone, without gzip`,
        seconds(phases.dumpMs),
        's',
        `the snapshot's COPY TO into a sink; gzip level 3 of its text alone ${seconds(phases.gzipMs).toFixed(1)} s, gunzip alone ${seconds(phases.gunzipMs).toFixed(1)} s, gunzip and the archive's reader ${seconds(phases.readMs).toFixed(1)} s; load average ${phases.load}`,
      ),
      report(
        `${base}: restore's load as CCA does it, indexes and keys in place`,
        seconds(withIndexes.loadMs),
        's',
        `the migrations before it ${seconds(withIndexes.schemaMs).toFixed(1)} s; slowest tables: ${tableTimes(withIndexes)}; load average ${withIndexes.load}`,
      ),
      report(
        `${base}: the same load with the foreign keys validated after`,
        seconds(keysAfter.loadMs + keysAfter.buildMs),
        's',
        `COPY with the indexes in place ${seconds(keysAfter.loadMs).toFixed(1)} s (slowest: ${tableTimes(keysAfter)}); then the foreign keys ${buildTotal('foreign', keysAfter)} s; load average ${keysAfter.load}`,
      ),
      report(
        `${base}: the same load with no index or key, built after`,
        seconds(indexesAfter.loadMs + indexesAfter.buildMs),
        's',
        `COPY alone ${seconds(indexesAfter.loadMs).toFixed(1)} s (slowest: ${tableTimes(indexesAfter)}); then indexes ${buildTotal('index')} s, primary and unique keys ${buildTotal('unique')} s, foreign keys ${buildTotal('foreign')} s; longest builds: ${builds}; load average ${indexesAfter.load}`,
      ),
    ];
  } finally {
    await rm(file, { force: true });
    await rm(`${file}.json`, { force: true });
  }
}

const report = (name: string, value: number, unit: string, detail?: string): Figure => ({
  name,
  value,
  unit,
  target: 'report',
  meets: true,
  ...(detail ? { detail } : {}),
});

/** A database with no table at all, as `npm run restore` expects. */
async function blankDatabase(context: BenchContext): Promise<string> {
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

const restoreHandle = (url: string) =>
  createDatabase({
    connectionString: url,
    poolSize: 2,
    statementTimeoutMs: restoreStatementTimeoutMs,
  });

/** One backup as the schedule makes it, its verification, and a restore into a blank database. */
async function backUpVerifyAndRestore(
  context: BenchContext,
  database: DatabaseHandle,
  settings: BackupSettings,
  options: { keep?: boolean } = {},
) {
  const loads = { backup: load(), verification: '', restore: '' };
  let started = performance.now();
  const backup = await createBackup(database, settings);
  const backupMs = performance.now() - started;

  loads.verification = load();
  started = performance.now();
  const verified = await verifyBackup(database, backup);
  const verificationMs = performance.now() - started;
  if (!verified.verification.ok) {
    throw new Error(`the verification failed: ${verified.verification.error}`);
  }

  loads.restore = load();
  const url = await blankDatabase(context);
  const target = restoreHandle(url);
  started = performance.now();
  try {
    await restoreBackupFile(target, backup.file);
  } finally {
    await target.close();
  }
  const restoreMs = performance.now() - started;
  await context.dropDatabase(url);
  if (!options.keep) {
    await rm(backup.file, { force: true });
    await rm(`${backup.file}.json`, { force: true });
  }
  return {
    backupMs,
    verificationMs,
    restoreMs,
    sizeBytes: backup.sizeBytes,
    rows: backup.rows,
    file: backup.file,
    loads,
  };
}

/** A stream that only counts what it is given. */
function sink() {
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
async function backupPhases(database: DatabaseHandle, file: string) {
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

interface Build {
  name: string;
  kind: 'index' | 'unique' | 'foreign';
  ms: number;
}

interface LoadTiming {
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
async function loadTimed(
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
async function dropIndexesAndKeys(client: pg.Client, options: { foreignKeysOnly: boolean }) {
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
