import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createImportRepository } from './import.repository.ts';
import type { BatchToLoad } from './import-chunk.sql.ts';
import {
  emptyCounts,
  type StagingRow,
  stagingLine,
  stagingSql,
} from './import-staging.repository.ts';

/**
 * The plans of a chunk's statements, taken one by one on a base whose statistics say it is
 * empty: the first import into a new base, whose tables were last analysed before any lead
 * came. A plan whose cost grows with the leads already imported reads `leads` or `lead_phones`
 * whole, or loops over a scan with no index inside (once per staged row); the several-phones
 * import did both and took hours for a million rows.
 */

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'CTE Name'?: string;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

const baseTables = new Set(['leads', 'lead_phones']);
const indexAccess = new Set(['Index Scan', 'Index Only Scan', 'Bitmap Index Scan']);

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

function describeNode(node: PlanNode): string {
  return `${node['Node Type']} ${node['Relation Name'] ?? node['CTE Name'] ?? ''}`.trim();
}

/** What in a plan makes its cost grow with the base, or with the square of the chunk. */
function growingParts(plan: PlanNode): string[] {
  const problems: string[] = [];
  for (const node of nodesOf(plan)) {
    if (node['Node Type'] === 'Seq Scan' && baseTables.has(node['Relation Name'] ?? '')) {
      problems.push(`reads all of ${node['Relation Name']}`);
    }
    if (node['Node Type'] !== 'Nested Loop') continue;
    const inner = node.Plans?.find((child) => child['Parent Relationship'] === 'Inner');
    if (!inner) continue;
    const innerNodes = nodesOf(inner);
    if (innerNodes.some((each) => indexAccess.has(each['Node Type']))) continue;
    const scans = innerNodes.filter((each) => ['Seq Scan', 'CTE Scan'].includes(each['Node Type']));
    if (scans.length > 0) {
      problems.push(`scans ${scans.map(describeNode).join(', ')} once per outer row`);
    }
  }
  return problems;
}

const numberOf = (n: number) => `+55119${String(10_000_000 + n).padStart(8, '0')}`;

/**
 * A chunk as the worker stages one: new rows, rows whose number (main or other) is a lead's,
 * rows repeating an earlier row's number, rows with a warning, refused rows.
 */
function chunkLines(first: number, count: number, severalPhones: boolean): Buffer {
  const lines: string[] = [];
  for (let n = first; n < first + count; n++) {
    if (n % 50 === 0) {
      lines.push(stagingLine({ row_number: n, reason: 'Nome vazio.', raw: '{"Nome":""}' }));
      continue;
    }
    // Every fifth row repeats a number of the base, every seventh an earlier row's.
    const phone =
      n % 5 === 0
        ? numberOf(n % 1_000)
        : n % 7 === 0
          ? numberOf(50_000 + n - 1)
          : numberOf(50_000 + n);
    const other = numberOf(n % 3 === 0 ? 100_000 + (n % 2_000) : 200_000 + n);
    const row: StagingRow = {
      row_number: n,
      name: `Pessoa ${n}`,
      phone,
      phone_raw: phone,
      extra: '{}',
      ...(n % 11 === 0
        ? { warning: 'E-mail inválido, deixado de fora.', raw: '{"E-mail":"x"}' }
        : {}),
      ...(severalPhones && n % 2 === 0
        ? {
            phones: JSON.stringify([
              { phone, raw: phone, label: 'Telefone', whatsapp: false },
              { phone: other, raw: other, label: 'Celular', whatsapp: false },
            ]),
            other_phones: `{${other}}`,
          }
        : {}),
    };
    lines.push(stagingLine(row));
  }
  return Buffer.from(lines.join(''));
}

describe("an import chunk's statements", () => {
  let t: TestApp;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    adminId = (await db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    const { pool } = t.database;
    await pool.query('ANALYZE leads, lead_phones, do_not_call, block_list_phones');
    // 20,000 leads, half of them with a second number, and block lists: none analysed since.
    await pool.query(`
      INSERT INTO leads (name, phone, phone_raw, source)
      SELECT 'Base ' || n, '+55119' || (10000000 + n), '11 9' || (10000000 + n), 'base'
        FROM generate_series(0, 19999) n`);
    await pool.query(`
      INSERT INTO lead_phones (lead_id, position, phone, phone_raw, label)
      SELECT l.id, p.position, '+55219' || (10000000 + l.id * 2 + p.position), 'x', 'Celular'
        FROM leads l CROSS JOIN generate_series(0, 1) p (position)
       WHERE l.id % 2 = 0`);
    await pool.query(`
      INSERT INTO do_not_call (phone, reason)
      SELECT '+55319' || (10000000 + n), 'pediu' FROM generate_series(0, 4999) n`);
    await pool.query(`
      INSERT INTO block_list_phones (phone, source_id)
      SELECT '+55419' || (10000000 + n), 1 FROM generate_series(0, 4999) n`);
  });
  afterAll(async () => {
    await t?.close();
  });

  for (const severalPhones of [false, true]) {
    it(`never read the base whole nor loop over a scan, ${severalPhones ? 'with several phone columns' : 'with one phone column'}`, async () => {
      const id = await t.database.db.transaction().execute((trx) =>
        createImportRepository(t.database.db).insertBatch(trx, {
          fileName: 'lista.csv',
          fileSize: 1,
          format: 'csv',
          source: 'lista.csv',
          legalBasis: 'legitimate_interest',
          mapping: {},
          columns: [],
          fillEmptyFields: false,
          createdBy: adminId,
        }),
      );
      const batch: BatchToLoad = { id, source: 'lista.csv', fillEmptyFields: false, severalPhones };
      const problems: string[] = [];
      const client = await t.database.connectUnlimited();
      const counts = emptyCounts();
      try {
        await stagingSql.begin(client);
        const explain = async ({ name, sql }: { name: string; sql: string }) => {
          if (!/^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i.test(sql)) return;
          const result = await client.query(`EXPLAIN (FORMAT JSON) ${sql}`);
          const plan = (result.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]?.Plan;
          if (plan) for (const problem of growingParts(plan)) problems.push(`${name}: ${problem}`);
        };
        // Two chunks: the second meets the first's leads as part of the base.
        await stagingSql.loadChunk(
          client,
          chunkLines(1, 2_000, severalPhones),
          batch,
          counts,
          explain,
        );
        await stagingSql.loadChunk(
          client,
          chunkLines(2_001, 2_000, severalPhones),
          batch,
          counts,
          explain,
        );
      } finally {
        await client.query('ROLLBACK');
        await client.end();
      }
      expect(problems).toEqual([]);
      // The chunks did their work: new leads, duplicates of the base and of earlier rows.
      expect(counts.total).toBe(4_000);
      expect(counts.rejected).toBe(80);
      expect(counts.inserted).toBeGreaterThan(2_000);
      expect(counts.inserted).toBeLessThan(counts.total - counts.rejected);
      expect(counts.warned).toBeGreaterThan(0);
    });
  }
});
