import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import iconv from 'iconv-lite';
import type { InjectedLead } from '../src/core/lead-injection.ts';
import type { BenchContext } from './context.ts';
import { atLeast, type Figure } from './harness.ts';
import { generateFiles, importThroughServer } from './import.bench.ts';
import { startServer } from './server.ts';

/** Rows each side handles: enough for a steady rate, far less than the file benchmark's million. */
const injectedRows = 200_000;
const batchSize = 1000;
/** Batches in flight at once, as an integration with a few workers sends them. */
const senders = 4;

/** The rows of the import benchmark's CSV as an integration would send them. */
async function leadsOfCsv(csvPath: string): Promise<InjectedLead[]> {
  const lines = createInterface({
    input: createReadStream(csvPath).pipe(iconv.decodeStream('win1252')),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  const leads: InjectedLead[] = [];
  let header = true;
  for await (const line of lines) {
    if (header) {
      header = false;
      continue;
    }
    const [name = '', phone = '', email = '', city = '', uf = '', notes = ''] = line.split(';');
    leads.push({ name, phone, ...(email ? { email } : {}), city, uf, notes });
  }
  return leads;
}

/** Sends `leads` in batches of 1,000 with a token, on an empty database; answers the time. */
async function injectThroughServer(context: BenchContext, leads: InjectedLead[]) {
  const databaseUrl = await context.createEmptyDatabase();
  const { server, baseUrl, cookie } = await startServer(databaseUrl, context.workDir);
  try {
    const created = await fetch(`${baseUrl}/api/api-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
      body: JSON.stringify({ name: 'Benchmark', scopes: ['leads:write'] }),
    });
    if (created.status !== 201) throw new Error(`token: ${created.status} ${await created.text()}`);
    const { secret } = (await created.json()) as { secret: string };
    const batches: InjectedLead[][] = [];
    for (let start = 0; start < leads.length; start += batchSize) {
      batches.push(leads.slice(start, start + batchSize));
    }
    let next = 0;
    let inserted = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: senders }, async () => {
        while (next < batches.length) {
          const batch = batches[next++];
          const response = await fetch(`${baseUrl}/api/leads/batch`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
            body: JSON.stringify({ leads: batch }),
          });
          if (response.status !== 200) {
            throw new Error(`batch: ${response.status} ${await response.text()}`);
          }
          inserted += ((await response.json()) as { counts: { created: number } }).counts.created;
        }
      }),
    );
    return { seconds: (performance.now() - started) / 1000, inserted };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await context.dropDatabase(databaseUrl);
  }
}

/**
 * The same rows through the API in batches of 1,000 and as a CSV file, each into an empty
 * database through a production server: the API's rows/s against the file import's.
 */
export async function integrationBenchmarks(context: BenchContext): Promise<Figure[]> {
  const rows = Math.min(injectedRows, context.leadCount);
  console.log(`Integrações: ${rows.toLocaleString('pt-BR')} leads por API e por arquivo…`);
  const { csvPath } = await generateFiles(rows, context.workDir);
  const file = await importThroughServer(context, csvPath, 'leads.csv');
  const injected = await injectThroughServer(context, await leadsOfCsv(csvPath));
  if (injected.inserted !== file.inserted) {
    throw new Error(`the API made ${injected.inserted} leads, the file ${file.inserted}`);
  }
  const fileRate = rows / file.seconds;
  const apiRate = rows / injected.seconds;
  return [
    atLeast(
      `lead injection by API (batches of ${batchSize}) ÷ file import, rows/s`,
      apiRate / fileRate,
      '×',
      0.5,
      `API: ${Math.round(apiRate).toLocaleString('en')} rows/s (${injected.seconds.toFixed(1)} s, ${senders} batches at a time); ` +
        `file: ${Math.round(fileRate).toLocaleString('en')} rows/s (${file.seconds.toFixed(1)} s); ` +
        `${rows.toLocaleString('en')} rows, ${file.inserted.toLocaleString('en')} leads made by each`,
    ),
  ];
}
