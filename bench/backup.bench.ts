import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import {
  type BackupSettings,
  createBackup,
  restoreBackupFile,
  verifyBackup,
} from '../src/server/backups/backup.service.ts';
import { createDatabase, type DatabaseHandle } from '../src/server/db/database.ts';
import {
  type Build,
  backupPhases,
  blankDatabase,
  type LoadTiming,
  loadTimed,
  restoreHandle,
} from './backup-phases.ts';
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
