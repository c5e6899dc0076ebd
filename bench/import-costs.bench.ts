import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { BenchContext } from './context.ts';
import { type Figure, median } from './harness.ts';
import { generateFiles } from './import.bench.ts';

/** How many times each part is taken away; its cost is the median's. */
const rounds = 3;

const seconds = (runs: number[]) => `${runs.map((run) => run.toFixed(1)).join(', ')} s`;

/** A part of `leads` an insert pays for, and the statements that take it away. */
interface Part {
  name: string;
  drop: string[];
}

/**
 * Where the database's share of an import goes (issue #23): the import's clean rows COPYed into
 * `leads` (the import's baseline (a)), then again with each index, insert trigger and check of
 * `leads` taken away in turn, inside a transaction rolled back after, so each difference is what
 * that part costs every insert. Beside them, baseline (b): a bare COPY of the raw file into an
 * unindexed table of text columns. Measured on up to 1M rows, in a database of its own.
 */
export async function importCostBenchmarks(context: BenchContext): Promise<Figure[]> {
  const rows = Math.min(context.leadCount, 1_000_000);
  const { csvPath, cleanPath } = await generateFiles(rows, context.workDir);
  const databaseUrl = await context.createEmptyDatabase();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const timed = async (copy: string, file: string, before: string[] = []) => {
      await client.query('BEGIN');
      try {
        for (const statement of before) await client.query(statement);
        const started = performance.now();
        await pipeline(createReadStream(file), client.query(copyFrom(copy)));
        return (performance.now() - started) / 1000;
      } finally {
        await client.query('ROLLBACK');
        // The rolled back rows would be left in the tables, each copy slower than the last.
        await client.query('VACUUM leads, lead_names');
      }
    };
    const intoLeads = (before: string[] = []) =>
      timed('COPY leads (name, phone, email, city, uf) FROM STDIN', cleanPath, before);

    const parts = await partsOfLeads(client);
    console.log(
      `Custos da importação: ${parts.length} partes de leads, ${rows} linhas cada cópia…`,
    );
    // Whole before each round and after the last, so a drift of the machine shows in them;
    // each figure is the median of its runs, as one COPY on a shared machine varies by a third.
    const wholes = [await intoLeads()];
    const without = parts.map((part) => ({ part, runs: [] as number[] }));
    for (let round = 0; round < rounds; round++) {
      for (const { part, runs } of without) runs.push(await intoLeads(part.drop));
      wholes.push(await intoLeads());
    }
    const whole = median(wholes);
    const costs = without.map(({ part, runs }) => ({ part, seconds: whole - median(runs), runs }));
    const bareLeads = await intoLeads(parts.flatMap((part) => part.drop));
    const raw = await timed(
      "COPY raw_rows FROM STDIN (FORMAT csv, DELIMITER ';', HEADER true, ENCODING 'WIN1252')",
      csvPath,
      [
        'CREATE TABLE raw_rows (nome text, celular text, email text, cidade text, uf text, observacao text)',
      ],
    );
    const cleanRows = rows - rows / 10; // the file repeats one phone in ten
    const rate = (count: number, seconds: number) => Math.round(count / seconds);
    return [
      report(
        `COPY of the raw file into an unindexed table (baseline b), ${rows.toLocaleString('en')} rows`,
        rate(rows, raw),
        'rows/s',
        `${raw.toFixed(1)} s`,
      ),
      report(
        'COPY of the clean rows into leads (baseline a)',
        rate(cleanRows, whole),
        'rows/s',
        `${whole.toFixed(1)} s for ${cleanRows.toLocaleString('en')} rows, the median of ${wholes.length} (${seconds(wholes)}), one before each round of the parts taken away in turn and one after the last`,
      ),
      report(
        'COPY of the clean rows into leads with its primary key only',
        rate(cleanRows, bareLeads),
        'rows/s',
        `${bareLeads.toFixed(1)} s: every part below taken away at once`,
      ),
      ...costs
        .sort((a, b) => b.seconds - a.seconds)
        .map((cost) =>
          report(
            `COPY into leads: share of ${cost.part.name}`,
            (100 * cost.seconds) / whole,
            '%',
            `${cost.seconds.toFixed(2)} s of ${whole.toFixed(1)} s; without it ${seconds(cost.runs)}`,
          ),
        ),
    ];
  } finally {
    await client.end();
    await context.dropDatabase(databaseUrl);
  }
}

/** The indexes (but the primary key, which the calls' foreign keys need), insert triggers and checks of `leads`. */
async function partsOfLeads(client: pg.Client): Promise<Part[]> {
  const indexes = await client.query<{ name: string; constraint: string | null }>(`
    SELECT i.relname AS name, c.conname AS constraint
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid AND c.conrelid = x.indrelid
     WHERE x.indrelid = 'leads'::regclass AND NOT x.indisprimary
     ORDER BY 1`);
  const triggers = await client.query<{ name: string }>(`
    SELECT tgname AS name FROM pg_trigger
     WHERE tgrelid = 'leads'::regclass AND NOT tgisinternal
       AND pg_get_triggerdef(oid) LIKE '% INSERT %'
     ORDER BY 1`);
  const searchIndexes = await client.query<{ name: string }>(`
    SELECT indexrelid::regclass::text AS name FROM pg_index
     WHERE indrelid = 'lead_names'::regclass AND NOT indisprimary ORDER BY 1`);
  const checks = await client.query<{ name: string }>(`
    SELECT conname AS name FROM pg_constraint
     WHERE conrelid = 'leads'::regclass AND contype IN ('c', 'f') ORDER BY 1`);
  return [
    ...indexes.rows.map(({ name, constraint }) => ({
      name: `index ${name}`,
      drop: [constraint ? `ALTER TABLE leads DROP CONSTRAINT ${constraint}` : `DROP INDEX ${name}`],
    })),
    ...triggers.rows.map(({ name }) => ({
      name: `trigger ${name}`,
      drop: [`DROP TRIGGER ${name} ON leads`],
    })),
    // Written by the lead_names_insert trigger: its share includes theirs.
    ...searchIndexes.rows.map(({ name }) => ({
      name: `index ${name} (of lead_names)`,
      drop: [`DROP INDEX ${name}`],
    })),
    {
      name: `the checks and the foreign key (${checks.rows.length})`,
      drop: checks.rows.map(({ name }) => `ALTER TABLE leads DROP CONSTRAINT ${name}`),
    },
  ];
}

function report(name: string, value: number, unit: string, detail: string): Figure {
  return { name, value, unit, target: 'report', meets: true, detail };
}
