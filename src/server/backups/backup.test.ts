import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import {
  type BackupSettings,
  createBackup,
  restoreBackupFile,
  scratchPrefix,
  verifyBackup,
} from './backup.service.ts';
import { InvalidBackupError } from './backup-archive.ts';
import type { BackupEntry } from './backup-folder.ts';
import { DatabaseNotEmptyError } from './backup-restore.ts';
import { fillEveryTable } from './fixtures/fill-every-table.ts';

let t: TestApp;
let settings: BackupSettings;
let backup: BackupEntry;
const targets: TestDatabase[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await fillEveryTable(t);
  settings = {
    dir: await mkdtemp(path.join(os.tmpdir(), 'cca-backups-')),
    retention: { daily: 7, weekly: 4 },
    timeZone: 'America/Sao_Paulo',
  };
  backup = await createBackup(t.database, settings);
}, 120_000);

afterAll(async () => {
  for (const target of targets) await target.drop();
  await t?.close();
});

/** Every table's rows, digested: two databases with the same digests hold the same rows. */
async function everyRow(db: Kysely<Database>): Promise<Record<string, string>> {
  const { rows: tables } = await sql<{ name: string }>`
    SELECT tablename AS name FROM pg_tables
     WHERE schemaname = current_schema() AND tablename NOT LIKE 'kysely_migration%'`.execute(db);
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ digest: string }>`
      SELECT count(*) || ':' || md5(coalesce(string_agg(md5(t::text), ',' ORDER BY md5(t::text)), ''))
        AS digest FROM ${sql.table(name)} t`.execute(db);
    digests[name] = rows[0]?.digest ?? '';
  }
  return digests;
}

async function emptyTarget(): Promise<TestDatabase> {
  const target = await createTestDatabase();
  targets.push(target);
  return target;
}

const leadCount = async (db: Kysely<Database>) =>
  Number((await sql<{ n: number }>`SELECT count(*)::int8 AS n FROM leads`.execute(db)).rows[0]?.n);

describe('a backup', () => {
  it('brings every row of every table back, and the sequences go on where they were', async () => {
    const target = await emptyTarget();
    const manifest = await restoreBackupFile(target, backup.file);
    expect(await everyRow(target.db)).toEqual(await everyRow(t.database.db));
    expect(manifest.tables.find((table) => table.name === 'leads')?.rows).toBe(
      await leadCount(t.database.db),
    );
    const next = sql<{ id: number }>`SELECT nextval('leads_id_seq')::int8 AS id`;
    const [sourceNext, targetNext] = await Promise.all([
      next.execute(t.database.db),
      next.execute(target.db),
    ]);
    expect(targetNext.rows[0]?.id).toBe(sourceNext.rows[0]?.id);
  });

  it('is verified by a restore into a scratch database, which is dropped after', async () => {
    const verified = await verifyBackup(t.database, backup);
    expect(verified.verification).toMatchObject({ ok: true });
    const record = JSON.parse(await readFile(`${backup.file}.json`, 'utf8'));
    expect(record.verification.ok).toBe(true);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int8 AS n FROM pg_database
       WHERE starts_with(datname, ${scratchPrefix()})`.execute(t.database.db);
    expect(rows[0]?.n).toBe(0);
  });

  it('refuses a database that holds rows, changing nothing, unless forced', async () => {
    const target = await emptyTarget();
    await sql`INSERT INTO users (id, name, email, role) VALUES ('u1', 'Bia', 'bia@cca.test', 'admin')`.execute(
      target.db,
    );
    const before = await everyRow(target.db);
    await expect(restoreBackupFile(target, backup.file)).rejects.toThrow(DatabaseNotEmptyError);
    expect(await everyRow(target.db)).toEqual(before);
    await restoreBackupFile(target, backup.file, { force: true });
    expect(await everyRow(target.db)).toEqual(await everyRow(t.database.db));
  });
});

describe('a damaged backup', () => {
  const inText = (change: (text: string) => string) => (file: Buffer) =>
    gzipSync(change(gunzipSync(file).toString('utf8')));

  it.each([
    ['cut short', (file: Buffer) => file.subarray(0, 2_000)],
    ['with a row missing', inText((text) => text.replace(/\n[^\n]*\n\\\.\n/, '\n\\.\n'))],
    ['with its manifest broken', inText((text) => text.replace('"migrations"', '"migracoes"'))],
    ['not a backup at all', () => gzipSync('nome;telefone\nAna;41999999999\n')],
    [
      'made by a newer CCA',
      inText((text) => text.replace('"migrations":[', '"migrations":["9999-futura",')),
    ],
  ])('%s is refused with a clear message and leaves no row', async (_name, damage) => {
    const file = path.join(settings.dir, `damaged-${_name.replaceAll(' ', '-')}.gz`);
    const damaged = damage(await readFile(backup.file));
    expect(damaged.equals(await readFile(backup.file))).toBe(false);
    await writeFile(file, damaged);
    const target = await emptyTarget();
    const error = await restoreBackupFile(target, file).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(InvalidBackupError);
    expect((error as Error).message).toMatch(/^O arquivo não é um backup do CCA válido: /);
    expect(await leadCount(target.db).catch(() => 0)).toBe(0);
  });
});
