import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEnv, testOrigin } from '../testing/test-app.ts';
import { excelCsv, postForm, waitForBatch } from './fixtures/import-fixtures.ts';
import { startImportWorker } from './import.worker.ts';

/**
 * Where the worker cuts a file into chunks must not change what the file makes: a row is a
 * duplicate when one of its numbers is a lead's or an earlier row's that made a lead, whatever
 * chunk each of them fell in.
 */

const header = ['Nome', 'Telefone', 'Celular', 'Telefone 2', 'E-mail'];
/** A small pool of numbers, so that rows of a file meet each other and the base often. */
const pool = Array.from({ length: 24 }, (_, n) => `11 98765-${String(1000 + n)}`);

const rowArbitrary = fc.record({
  numbers: fc.array(fc.oneof(fc.constantFrom(...pool), fc.constant(''), fc.constant('123')), {
    minLength: 3,
    maxLength: 3,
  }),
  badEmail: fc.boolean(),
});

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signInAsAdmin();
  // The base: leads holding a few of the pool's numbers, one of them as a second number.
  await importWith(1000, [
    header,
    ['Base Um', pool[0] as string, pool[1] as string, '', ''],
    ['Base Dois', pool[2] as string, '', '', ''],
  ]);
});
afterAll(async () => {
  await t?.close();
});

/** Imports a file with a worker that loads `chunkRows` rows at a time. */
async function importWith(chunkRows: number, rows: string[][]) {
  const worker = startImportWorker({
    database: t.database,
    dataDir: testEnv.dataDir,
    pollMs: 20,
    chunkRows,
  });
  try {
    const response = await postForm(t.app, '/api/imports', cookie, excelCsv(rows), 'lista.csv');
    expect(response.statusCode, response.body).toBe(202);
    return await waitForBatch(t.app, cookie, response.json().id);
  } finally {
    await worker.stop();
  }
}

/** What a batch made: its counts, its leads with their numbers, its list of warnings. */
async function outcomeOf(batch: { id: number }) {
  const { db } = t.database;
  const leads = await db
    .selectFrom('leads as l')
    .select([
      'l.name',
      'l.phone',
      sql<string[]>`coalesce((SELECT array_agg(p.phone ORDER BY p.position) FROM lead_phones p
                               WHERE p.lead_id = l.id), '{}')`.as('numbers'),
    ])
    .where('l.batch_id', '=', batch.id)
    .orderBy('l.phone')
    .execute();
  const warned = await db
    .selectFrom('import_rejections')
    .select('row_number')
    .where('batch_id', '=', batch.id)
    .where('imported', '=', true)
    .orderBy('row_number')
    .execute();
  return { leads, warned: warned.map((row) => row.row_number) };
}

describe('a file cut into chunks of any size', () => {
  it('makes the same leads, counts and warnings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rowArbitrary, { minLength: 4, maxLength: 30 }), async (drawn) => {
        const rows = [
          header,
          ...drawn.map((row, index) => [
            `Pessoa ${index + 2}`,
            ...row.numbers,
            row.badEmail ? 'nao-e-email' : '',
          ]),
        ];
        const outcomes = [];
        for (const chunkRows of [1, 3, 1000]) {
          const batch = await importWith(chunkRows, rows);
          expect(batch.status).toBe('done');
          outcomes.push({
            counts: {
              inserted: batch.inserted,
              duplicates: batch.duplicates,
              rejected: batch.rejected,
              warnings: batch.warnings,
            },
            ...(await outcomeOf(batch)),
          });
          const undone = await t.app.inject({
            method: 'POST',
            url: `/api/imports/${batch.id}/undo`,
            headers: { cookie, origin: testOrigin },
          });
          expect(undone.statusCode, undone.body).toBe(200);
        }
        expect(outcomes[1]).toEqual(outcomes[0]);
        expect(outcomes[2]).toEqual(outcomes[0]);
        // The warnings count and list are of rows that made a lead.
        expect(outcomes[0]?.counts.warnings).toBe(outcomes[0]?.warned.length);
        expect(outcomes[0]?.warned.length).toBeLessThanOrEqual(outcomes[0]?.leads.length ?? 0);
      }),
      { numRuns: 12, seed: 43 },
    );
  }, 120_000);
});
