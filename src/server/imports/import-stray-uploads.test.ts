import { existsSync } from 'node:fs';
import { utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { setUpTestApp } from '../testing/set-up-test-app.ts';
import { testEnv } from '../testing/test-app.ts';
import { postForm, utf8Csv } from './fixtures/import-fixtures.ts';
import { startImportWorker } from './import.worker.ts';
import { uploadPath } from './import-files.ts';

const c = setUpTestApp();

/** A queued batch with its file, as the import route leaves it (the test app runs no worker). */
async function queuedBatch(index: number): Promise<number> {
  const file = utf8Csv(
    [
      ['nome', 'telefone'],
      [`Pessoa ${index}`, `(11) 9${30_000_000 + index}`],
    ],
    ';',
    false,
  );
  const response = await postForm(c.t.app, '/api/imports', c.adminCookie, file, 'lista.csv');
  expect(response.statusCode).toBe(202);
  return response.json().id;
}

async function strayFile(name: string, hoursOld: number): Promise<string> {
  const filePath = path.join(testEnv.dataDir, 'imports', name);
  await writeFile(filePath, 'nome;telefone\n');
  const when = new Date(Date.now() - hoursOld * 3600_000);
  await utimes(filePath, when, when);
  return filePath;
}

it('removes at start the uploads of ended batches and of no batch, keeping those of batches queued or running and of uploads in flight', async () => {
  const [done, failed, undone, running, queued] = [
    await queuedBatch(1),
    await queuedBatch(2),
    await queuedBatch(3),
    await queuedBatch(4),
    await queuedBatch(5),
  ];
  // A server that died between ending a batch and deleting its file left these three behind.
  for (const [id, status] of [
    [done, 'done'],
    [failed, 'failed'],
    [undone, 'undone'],
  ] as const) {
    await c.t.database.db
      .updateTable('import_batches')
      .set({ status, finished_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }
  // Another server, alive (it beats), is loading this one.
  await c.t.database.db
    .updateTable('import_batches')
    .set({ status: 'running', started_at: sql<Date>`now()`, heartbeat_at: sql<Date>`now()` })
    .where('id', '=', running)
    .execute();
  // Of a batch whose transaction rolled back after its file was moved in, and of a request
  // that died while receiving its file: hours old, no batch waits for them.
  const orphanedBatchFile = await strayFile('999999.upload', 2);
  const orphanedIncoming = await strayFile('incoming-0123456789abcdef.upload', 2);
  // Of requests in flight: one being received or checked, one whose batch is not committed yet.
  const incomingNow = await strayFile('incoming-fedcba9876543210.upload', 0);
  const uncommittedNow = await strayFile('888888.upload', 0);

  // The queued batch is held (as by another server claiming it), so this worker leaves it in
  // the queue and its file is there to check after the sweep.
  await c.t.database.db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('import_batches')
      .select('id')
      .where('id', '=', queued)
      .forUpdate()
      .execute();
    const worker = startImportWorker({
      database: c.t.database,
      dataDir: testEnv.dataDir,
      pollMs: 50,
    });
    try {
      for (const id of [done, failed, undone]) {
        await expect.poll(() => existsSync(uploadPath(testEnv.dataDir, id))).toBe(false);
      }
      await expect.poll(() => existsSync(orphanedBatchFile)).toBe(false);
      await expect.poll(() => existsSync(orphanedIncoming)).toBe(false);
    } finally {
      await worker.stop();
    }
  });

  expect(existsSync(uploadPath(testEnv.dataDir, running))).toBe(true);
  expect(existsSync(uploadPath(testEnv.dataDir, queued))).toBe(true);
  expect(existsSync(incomingNow)).toBe(true);
  expect(existsSync(uncommittedNow)).toBe(true);
  const statuses = await c.t.database.db
    .selectFrom('import_batches')
    .select(['id', 'status'])
    .where('id', 'in', [running, queued])
    .orderBy('id')
    .execute();
  expect(statuses).toEqual([
    { id: running, status: 'running' },
    { id: queued, status: 'queued' },
  ]);
});
