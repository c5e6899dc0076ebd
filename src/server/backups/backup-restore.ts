import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type DatabaseHandle, migrateToLatest, migrateUpTo } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';
import { ArchiveReader } from './archive-reader.ts';
import {
  archiveSignature,
  type BackupManifest,
  copyStatement,
  InvalidBackupError,
  manifestSchema,
  quoteIdentifier,
  sectionHeader,
} from './backup-archive.ts';

export class DatabaseNotEmptyError extends Error {
  constructor(table: string) {
    super(
      `O banco de destino já tem dados (tabela ${table}). Restaure num banco vazio ou use ` +
        '--force para apagar o que está lá.',
    );
  }
}

export interface RestoreOptions {
  /** Wipes a database that already holds rows, instead of refusing. */
  force?: boolean;
}

/**
 * Loads a backup (ungzipped text) into `database`: the migrations up to the backup's, every
 * table's rows in one transaction that checks each count against the manifest, then the
 * migrations written since. A file that is not whole changes nothing but the empty schema.
 */
export async function restoreDatabase(
  database: DatabaseHandle,
  input: Readable,
  options: RestoreOptions = {},
): Promise<BackupManifest> {
  const reader = new ArchiveReader(input);
  if ((await reader.line('a assinatura')) !== archiveSignature) {
    throw new InvalidBackupError('a primeira linha não é a de um backup do CCA');
  }
  const manifest = parseManifest(await reader.line('o resumo'));
  const client = await database.connectUnlimited();
  try {
    await emptySchema(client, options);
    await migrateUpTo(database, manifest.migrations.at(-1) as string);
    await loadRows(client, reader, manifest);
  } finally {
    await client.end().catch(() => {});
  }
  await migrateToLatest(database);
  return manifest;
}

function parseManifest(line: string): BackupManifest {
  let parsed: BackupManifest;
  try {
    parsed = manifestSchema.parse(JSON.parse(line));
  } catch {
    throw new InvalidBackupError('o resumo do backup está danificado');
  }
  const known = Object.keys(migrations).sort();
  const unknown = parsed.migrations.find((name, index) => known[index] !== name);
  if (unknown) {
    throw new InvalidBackupError(
      `ele foi feito por uma versão do CCA mais nova que esta (migração ${unknown}); ` +
        'atualize o CCA antes de restaurar',
    );
  }
  return parsed;
}

/** Tables whose rows someone made: the migrations' own rows (default settings) do not count. */
const madeByPeople = ['users', 'leads'];

/** Refuses a database holding what people made (unless forced); leaves a schema with no table. */
async function emptySchema(client: pg.Client, { force = false }: RestoreOptions) {
  const tables = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c
      WHERE c.relkind IN ('r', 'p') AND c.relnamespace = current_schema()::regnamespace
      ORDER BY c.relname`,
  );
  if (tables.rows.length === 0) return;
  const names = new Set(tables.rows.map((row) => row.name));
  for (const name of force ? [] : madeByPeople.filter((table) => names.has(table))) {
    const sample = await client.query(`SELECT 1 FROM ${quoteIdentifier(name)} LIMIT 1`);
    if (sample.rows.length > 0) throw new DatabaseNotEmptyError(name);
  }
  await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
}

async function loadRows(client: pg.Client, reader: ArchiveReader, manifest: BackupManifest) {
  const names = manifest.tables.map((table) => quoteIdentifier(table.name));
  await client.query('BEGIN');
  try {
    // The rows come with what the triggers made of them (counters, search names): the
    // triggers would count them twice. The migrations' own rows (default settings) give way
    // to the backup's. Foreign keys are still checked.
    for (const name of names) await client.query(`ALTER TABLE ${name} DISABLE TRIGGER USER`);
    if (names.length > 0) await client.query(`TRUNCATE ${names.join(', ')}`);
    for (const table of manifest.tables) {
      const header = await reader.line(`a tabela ${table.name}`);
      if (`${header}\n` !== sectionHeader(table)) {
        throw new InvalidBackupError(`a seção da tabela ${table.name} não está onde devia`);
      }
      const copy = client.query(copyFrom(copyStatement(table, 'FROM')));
      await pipeline(reader.section(table.name), copy);
      if (copy.rowCount !== table.rows) {
        throw new InvalidBackupError(
          `a tabela ${table.name} tem ${copy.rowCount} linhas no arquivo e ${table.rows} no resumo`,
        );
      }
    }
    if (!(await reader.atEnd())) throw new InvalidBackupError('há dados depois da última tabela');
    for (const name of names) await client.query(`ALTER TABLE ${name} ENABLE TRIGGER USER`);
    for (const sequence of manifest.sequences) {
      await client.query('SELECT setval($1::regclass, $2::int8, $3)', [
        quoteIdentifier(sequence.name),
        sequence.value,
        sequence.isCalled,
      ]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
