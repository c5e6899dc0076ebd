import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  archiveSignature,
  type BackupManifest,
  type BackupTable,
  copyStatement,
  quoteIdentifier,
  sectionEnd,
  sectionHeader,
} from './backup-archive.ts';

/** Kysely's own bookkeeping: a restore rebuilds it by running the migrations. */
const migratorTables = ['kysely_migration', 'kysely_migration_lock'];

const appVersion: string = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
).version;

/**
 * Writes every row of the database `client` is connected to into `out`, as one snapshot: a
 * repeatable-read transaction reads the counts, the sequences and each table's COPY, so the
 * counts in the manifest are exactly the rows that follow. Writers are never blocked.
 */
export async function dumpDatabase(client: pg.Client, out: Writable): Promise<BackupManifest> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    await client.query('SET LOCAL statement_timeout = 0');
    const manifest = await readManifest(client);
    await write(out, `${archiveSignature}\n${JSON.stringify(manifest)}\n`);
    for (const table of manifest.tables) {
      await write(out, sectionHeader(table));
      // Written chunk by chunk: a pipeline per table would leave its listeners on `out`.
      for await (const chunk of client.query(copyTo(copyStatement(table, 'TO')))) {
        if (!out.write(chunk)) await once(out, 'drain');
      }
      await write(out, sectionEnd);
    }
    await client.query('COMMIT');
    return manifest;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

async function readManifest(client: pg.Client): Promise<BackupManifest> {
  const migrations = await client.query<{ name: string }>(
    'SELECT name FROM kysely_migration ORDER BY name',
  );
  const tables: BackupTable[] = [];
  for (const table of await tablesInLoadOrder(client)) {
    const count = await client.query<{ rows: number }>(
      `SELECT count(*)::int8 AS rows FROM ${quoteIdentifier(table.name)}`,
    );
    tables.push({ ...table, rows: count.rows[0]?.rows ?? 0 });
  }
  const sequenceNames = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c
      WHERE c.relkind = 'S' AND c.relnamespace = current_schema()::regnamespace
      ORDER BY c.relname`,
  );
  const sequences: BackupManifest['sequences'] = [];
  for (const { name } of sequenceNames.rows) {
    const state = await client.query<{ value: string; isCalled: boolean }>(
      `SELECT last_value::text AS value, is_called AS "isCalled" FROM ${quoteIdentifier(name)}`,
    );
    const row = state.rows[0];
    if (row) sequences.push({ name, ...row });
  }
  const version = await client.query<{ server_version: string }>('SHOW server_version');
  return {
    createdAt: new Date().toISOString(),
    appVersion,
    serverVersion: version.rows[0]?.server_version ?? '',
    migrations: migrations.rows.map((row) => row.name),
    tables,
    sequences,
  };
}

/**
 * The schema's permanent tables with the columns a COPY can fill (not generated ones), each
 * after the tables its foreign keys point at, so a restore checks every key as it loads.
 */
async function tablesInLoadOrder(client: pg.Client) {
  const result = await client.query<{ name: string; columns: string[]; refers: string[] }>(
    `SELECT c.relname AS name,
            array(SELECT a.attname FROM pg_attribute a
                   WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                     AND a.attgenerated = ''
                   ORDER BY a.attnum)::text[] AS columns,
            array(SELECT DISTINCT f.confrelid::regclass::text FROM pg_constraint f
                   WHERE f.conrelid = c.oid AND f.contype = 'f' AND f.confrelid <> c.oid)::text[]
              AS refers
       FROM pg_class c
      WHERE c.relkind IN ('r', 'p') AND c.relpersistence = 'p'
        AND c.relnamespace = current_schema()::regnamespace
        AND c.relname <> ALL($1)
      ORDER BY c.relname`,
    [migratorTables],
  );
  const pending = new Map(result.rows.map((row) => [row.name, row]));
  const ordered: { name: string; columns: string[] }[] = [];
  while (pending.size > 0) {
    const ready = [...pending.values()].filter((row) =>
      row.refers.every((name) => !pending.has(unquote(name))),
    );
    if (ready.length === 0) {
      throw new Error(`Chaves estrangeiras em ciclo entre ${[...pending.keys()].join(', ')}.`);
    }
    for (const row of ready) {
      ordered.push({ name: row.name, columns: row.columns });
      pending.delete(row.name);
    }
  }
  return ordered;
}

/** regclass prints a name quoted only when it needs to be. */
const unquote = (name: string) =>
  name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name;

function write(out: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    out.write(text, (error) => (error ? reject(error) : resolve()));
  });
}
