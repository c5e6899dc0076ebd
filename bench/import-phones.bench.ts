import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import pg from 'pg';
import { createDatabase } from '../src/server/db/database.ts';
import type { BenchContext } from './context.ts';
import { atLeast, atMost, type Figure } from './harness.ts';
import { firstNames, importThroughServer, lastNames, messySpelling } from './import.bench.ts';
import { seedAssessors, seedLeads } from './seed.ts';

/** The file's numbers stay below ten million (`messySpelling`): room for three columns. */
const maxRows = 3_000_000;
const columnNames = ['Telefone', 'Celular', 'Telefone 2'];
/** In words: the report tells figures apart by their names less their numbers. */
const columnCounts = ['one phone column', 'two phone columns', 'three phone columns'];

/**
 * The messy list of the import suite with one, two or three phone columns: the same rows, the
 * same first column (a tenth of the rows repeat an earlier row's number); a Celular on a third
 * of them and a Telefone 2 on a sixth, numbers of their own.
 */
async function generateShape(rows: number, phoneColumns: number, workDir: string) {
  const csvPath = path.join(workDir, `import-${rows}-${phoneColumns}-phones.csv`);
  if (existsSync(csvPath)) return csvPath;
  const csv = createWriteStream(csvPath);
  const header = [
    'Nome',
    ...columnNames.slice(0, phoneColumns),
    'E-mail',
    'Cidade',
    'UF',
    'Observação',
  ];
  csv.write(iconv.encode(`${header.join(';')}\r\n`, 'win1252'));
  let chunk = '';
  for (let row = 1; row <= rows; row++) {
    const n = row % 10 === 0 ? row - 5 : row;
    const name = `${firstNames[row % firstNames.length]} ${lastNames[(row >> 3) % lastNames.length]} ${row}`;
    const phones = [
      messySpelling(n, row),
      row % 3 === 0 ? messySpelling(maxRows + row, row + 1) : '',
      row % 6 === 0 ? messySpelling(2 * maxRows + row, row + 2) : '',
    ].slice(0, phoneColumns);
    const email = row % 3 === 0 ? `cliente${row}@exemplo.com.br` : '';
    chunk += `${name};${phones.join(';')};${email};São Paulo;sp;Lista de março\r\n`;
    if (row % 10_000 === 0 || row === rows) {
      if (!csv.write(iconv.encode(chunk, 'win1252'))) await once(csv, 'drain');
      chunk = '';
    }
  }
  await new Promise<void>((resolve) => csv.end(resolve));
  return csvPath;
}

/**
 * When each chunk started, from PostgreSQL's own view of the import's connection: a chunk
 * starts with the COPY into the staging table, which lasts tens of milliseconds, seen by a
 * look every 5 ms.
 */
function watchChunks(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  const starts = new Set<number>();
  let stopping = false;
  const watching = (async () => {
    await client.connect();
    while (!stopping) {
      const { rows } = await client.query<{ query_start: Date }>(
        `SELECT query_start FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE 'COPY import_staging%'`,
      );
      for (const row of rows) starts.add(row.query_start.getTime());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await client.end();
  })();
  let stopped: Promise<number[]> | undefined;
  return {
    stop() {
      stopping = true;
      stopped ??= watching.then(() => [...starts].sort((a, b) => a - b));
      return stopped;
    },
  };
}

/** The mean time of a chunk in the file's last tenth against its first tenth. */
function lastTenthOverFirst(starts: number[]) {
  const times = starts.slice(1).map((start, index) => start - (starts[index] as number));
  const tenth = Math.max(1, Math.round(times.length / 10));
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const first = mean(times.slice(0, tenth));
  const last = mean(times.slice(-tenth));
  return { ratio: last / first, first, last, chunks: starts.length };
}

/** A base of `rows` leads, a third of them with a second number, for copies to import into. */
async function seedFullBase(context: BenchContext, rows: number) {
  const url = await context.createEmptyDatabase();
  const handle = createDatabase({
    connectionString: url,
    poolSize: 1,
    statementTimeoutMs: 30 * 60_000,
  });
  try {
    await seedLeads(handle.db, rows, await seedAssessors(handle.db, context.assessorIds.length));
    await handle.pool.query(`
      INSERT INTO lead_phones (lead_id, position, phone, phone_raw, label)
      SELECT id, p, CASE p WHEN 0 THEN phone ELSE overlay(phone PLACING '8' FROM 6 FOR 1) END,
             phone_raw, CASE p WHEN 0 THEN 'Telefone' ELSE 'Celular' END
        FROM leads CROSS JOIN generate_series(0, 1) p WHERE id % 3 = 0`);
    await handle.pool.query('VACUUM ANALYZE');
  } finally {
    await handle.close();
  }
  return url;
}

/**
 * The shapes a Brazilian list comes in (issue #43): the same messy rows with one, two and three
 * phone columns, imported through a production server into an empty base and into a base of
 * as many leads, each rate against the one-column file's into the same base; and for each, the
 * time of a chunk in the file's last tenth against its first, which a statement whose cost grows
 * with the leads already imported would push far above 1.
 */
export async function importPhonesBenchmarks(context: BenchContext): Promise<Figure[]> {
  const rows = Math.min(context.leadCount, maxRows);
  const files: string[] = [];
  for (const phoneColumns of [1, 2, 3]) {
    console.log(`Importação: gerando a lista de ${rows} linhas com ${phoneColumns} telefone(s)…`);
    files.push(await generateShape(rows, phoneColumns, context.workDir));
  }
  console.log(`Importação: semeando uma base de ${rows} leads…`);
  const fullBase = await seedFullBase(context, rows);
  const figures: Figure[] = [];
  try {
    for (const base of ['empty', 'full'] as const) {
      const label = base === 'empty' ? 'an empty base' : `a base of ${rows.toLocaleString('en')}`;
      // The one-column file first and last: the machine's drift over the runs falls on the
      // baseline as on the others.
      const runs = [];
      for (const phoneColumns of [1, 2, 3, 1]) {
        const run = await importThroughServer(
          context,
          files[phoneColumns - 1] as string,
          'lista.csv',
          undefined,
          {
            database: base === 'empty' ? undefined : () => context.copyDatabase(fullBase),
            watch: watchChunks,
          },
        );
        runs.push({ phoneColumns, rate: rows / run.seconds, run });
      }
      const baselines = runs.filter((each) => each.phoneColumns === 1);
      const baseline = baselines.reduce((sum, each) => sum + each.rate, 0) / baselines.length;
      for (const { phoneColumns, rate, run } of runs.slice(0, 3)) {
        const chunks = lastTenthOverFirst(run.watched ?? []);
        const detail = `${run.seconds.toFixed(1)} s, ${Math.round(rate).toLocaleString('en')} rows/s, ${run.inserted.toLocaleString('en')} leads, peak ${run.peakMb.toFixed(0)} MB`;
        figures.push(
          phoneColumns === 1
            ? {
                name: `import of ${rows.toLocaleString('en')} rows, one phone column, into ${label}`,
                value: baseline,
                unit: 'rows/s',
                target: 'report',
                meets: true,
                detail: `the mean of a run before the other shapes and one after: ${baselines.map((each) => `${Math.round(each.rate).toLocaleString('en')} rows/s`).join(' and ')}; ${detail}`,
              }
            : atLeast(
                `import, ${columnCounts[phoneColumns - 1]} into ${label}: rate ÷ one column's`,
                rate / baseline,
                '×',
                0.8,
                detail,
              ),
          atMost(
            `import, ${columnCounts[phoneColumns - 1]} into ${label}: chunk time, last tenth ÷ first`,
            chunks.ratio,
            '×',
            1.2,
            `${chunks.chunks} chunks; ${chunks.first.toFixed(0)} ms each in the first tenth, ${chunks.last.toFixed(0)} ms in the last`,
          ),
        );
      }
    }
  } finally {
    await context.dropDatabase(fullBase);
  }
  return figures;
}
