import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, openAsBlob } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { BenchContext } from './context.ts';
import { atLeast, below, type Figure } from './harness.ts';
import { spellPhone } from './import.bench.ts';
import { startServer } from './server.ts';

/** The area codes of bench/seed.ts, in its order: a seeded lead n has `seededAreaCodes[n % 16]`. */
const seededAreaCodes = [11, 21, 31, 41, 51, 61, 71, 81, 85, 27, 47, 48, 62, 19, 12, 13];
/** One listed number in this many is the phone of a seeded lead. */
const matchEvery = 100;

/** The i-th number of the register: every `matchEvery`-th a seeded lead's, the others nobody's. */
function registerNumber(i: number, generation: number): { area: number; number: string } {
  if (i % matchEvery === 0) {
    const n = i; // seeded leads run from 1 to the lead count
    return {
      area: seededAreaCodes[n % seededAreaCodes.length] as number,
      number: `9${String(n).padStart(8, '0')}`,
    };
  }
  // 5xxxxxxx after the 9 never meets a seeded phone (9 + n padded to 8 digits, n ≤ 10M).
  const scrambled = (i * 7_919 + generation * 13) % 40_000_000;
  return {
    area: seededAreaCodes[(i * 5) % seededAreaCodes.length] as number,
    number: `9${50_000_000 + scrambled}`,
  };
}

/**
 * A register of `count` numbers as a TXT with a header, in mixed spellings, and the same
 * numbers cleaned (E.164) for COPY. `generation` 1 changes a tenth of the numbers that match
 * no lead, as next month's register would.
 */
async function generateRegister(count: number, generation: number, workDir: string) {
  const txtPath = path.join(workDir, `register-${count}-${generation}.txt`);
  const cleanPath = path.join(workDir, `register-${count}-${generation}.clean.tsv`);
  if (existsSync(txtPath) && existsSync(cleanPath)) return { txtPath, cleanPath };
  const txt = createWriteStream(txtPath);
  const clean = createWriteStream(cleanPath);
  txt.write('TELEFONE\r\n');
  let txtChunk = '';
  let cleanChunk = '';
  for (let i = 1; i <= count; i++) {
    const changed = generation > 0 && i % 10 === 3;
    const phone = registerNumber(i, changed ? generation : 0);
    txtChunk += `${spellPhone(phone, i)}\r\n`;
    cleanChunk += `+55${phone.area}${phone.number}\t1\n`;
    if (i % 10_000 === 0 || i === count) {
      if (!txt.write(txtChunk)) await once(txt, 'drain');
      if (!clean.write(cleanChunk)) await once(clean, 'drain');
      txtChunk = '';
      cleanChunk = '';
    }
  }
  await new Promise<void>((resolve) => txt.end(resolve));
  await new Promise<void>((resolve) => clean.end(resolve));
  return { txtPath, cleanPath };
}

async function loadThroughServer(
  server: { baseUrl: string; cookie: string },
  filePath: string,
  name: string,
) {
  const form = new FormData();
  form.append('name', name);
  form.append('listDate', '2026-11-01');
  form.append('file', await openAsBlob(filePath), 'bloqueio.txt');
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/block-lists`, {
    method: 'POST',
    headers: { origin: server.baseUrl, cookie: server.cookie },
    body: form,
  });
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 200) {
    throw new Error(`block list: ${response.status} ${await response.text()}`);
  }
  const result = (await response.json()) as {
    source: { id: number; phoneCount: number };
    added: number;
    removed: number;
    leadsBlocked: number;
  };
  return { seconds, ...result };
}

/**
 * A register of as many numbers as the base has leads (1M), loaded through the production
 * server into the seeded base, against a plain COPY of the same numbers, cleaned, into the
 * `block_list_phones` table of an empty database; then next month's register replacing it.
 */
export async function blockListBenchmarks(context: BenchContext): Promise<Figure[]> {
  const count = context.leadCount;
  console.log(`Listas de bloqueio: gerando ${count.toLocaleString('pt-BR')} números…`);
  const first = await generateRegister(count, 0, context.workDir);
  const next = await generateRegister(count, 1, context.workDir);

  const copyDatabaseUrl = await context.createEmptyDatabase();
  const client = new pg.Client({ connectionString: copyDatabaseUrl });
  await client.connect();
  let copySeconds: number;
  try {
    await client.query(
      `insert into block_list_sources (name, name_key, list_date) values ('COPY', 'copy', now())`,
    );
    const started = performance.now();
    await pipeline(
      createReadStream(first.cleanPath),
      client.query(copyFrom('COPY block_list_phones (phone, source_id) FROM STDIN')),
    );
    copySeconds = (performance.now() - started) / 1000;
  } finally {
    await client.end();
  }
  await context.dropDatabase(copyDatabaseUrl);

  const { server, baseUrl, cookie } = await startServer(context.databaseUrl, context.workDir);
  try {
    const loaded = await loadThroughServer({ baseUrl, cookie }, first.txtPath, 'Procon-SP');
    const replaced = await loadThroughServer({ baseUrl, cookie }, next.txtPath, 'Procon-SP');
    await fetch(`${baseUrl}/api/block-lists/${loaded.source.id}`, {
      method: 'DELETE',
      headers: { origin: baseUrl, cookie },
    });
    const loadRate = count / loaded.seconds;
    const copyRate = count / copySeconds;
    return [
      below(
        `block list: load of ${count.toLocaleString('en')} numbers`,
        loaded.seconds,
        's',
        60,
        `${loaded.added.toLocaleString('en')} numbers added, ${loaded.leadsBlocked.toLocaleString('en')} leads of the base blocked; plain COPY of the cleaned numbers: ${copySeconds.toFixed(1)} s`,
      ),
      atLeast('block list load rate ÷ plain COPY rate', loadRate / copyRate, '×', 0.5),
      {
        name: 'block list: replacement by next month’s register',
        value: replaced.seconds,
        unit: 's',
        target: 'report',
        meets: true,
        detail: `${replaced.added.toLocaleString('en')} added, ${replaced.removed.toLocaleString('en')} removed of ${replaced.source.phoneCount.toLocaleString('en')}`,
      },
    ];
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}
