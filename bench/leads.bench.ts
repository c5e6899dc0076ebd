import { sql } from 'kysely';
import { encodeNameCursor } from '../src/server/http/keyset-cursor.ts';
import type { BenchContext } from './context.ts';
import { atMost, below, type Figure, medianMs, percentile } from './harness.ts';

const runs = 15;

/** /leads/list through the whole HTTP stack: first page, a page near the end, searches. */
export async function leadListBenchmarks(context: BenchContext): Promise<Figure[]> {
  const { app, adminCookie, database } = context;
  const get = async (url: string) => {
    const response = await app.inject({ url, headers: { cookie: adminCookie } });
    if (response.statusCode !== 200)
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };

  // The keyset cursor of the page that starts just above the 1 000th lead from the bottom.
  const deepFrom = await sql<{ id: number }>`
    SELECT id FROM leads ORDER BY id ASC OFFSET 1000 LIMIT 1
  `.execute(database.db);
  const deepCursor = Buffer.from(String(deepFrom.rows[0]?.id)).toString('base64url');
  const sample = await sql<{ phone: string; name: string }>`
    SELECT phone, name FROM leads WHERE id = (SELECT max(id) / 2 FROM leads)
  `.execute(database.db);
  const phone = sample.rows[0]?.phone ?? '';
  const typedPhone = `(${phone.slice(3, 5)}) ${phone.slice(5, 10)}-${phone.slice(10)}`;
  const nameFragment = (sample.rows[0]?.name ?? '').split(' ').slice(-2).join(' ');

  const firstPage = await medianMs(runs, () => get('/api/leads?limit=100'));
  const deepPage = await medianMs(runs, () =>
    get(`/api/leads?limit=100&cursor=${encodeURIComponent(deepCursor)}`),
  );
  // In name order (the names' own index): the first page and one from the middle of the alphabet.
  const middle = await sql<{ search_name: string; lead_id: number }>`
    SELECT search_name, lead_id FROM lead_names ORDER BY search_name, lead_id
    OFFSET (SELECT count(*) / 2 FROM lead_names) LIMIT 1
  `.execute(database.db);
  const middleCursor = encodeNameCursor(
    middle.rows[0]?.search_name ?? '',
    middle.rows[0]?.lead_id ?? 1,
  );
  const firstByName = await medianMs(runs, () => get('/api/leads?limit=100&sort=name'));
  const middleByName = await medianMs(runs, () =>
    get(`/api/leads?limit=100&sort=name&cursor=${encodeURIComponent(middleCursor)}`),
  );
  const phoneSearch = await medianMs(runs, async () => {
    const page = await get(`/api/leads?q=${encodeURIComponent(typedPhone)}`);
    if (page.leads.length !== 1) throw new Error(`phone search found ${page.leads.length}`);
  });
  const nameSearch = await medianMs(runs, () =>
    get(`/api/leads?limit=100&q=${encodeURIComponent(nameFragment)}`),
  );
  // As people type: no accents, lower case, a middle name skipped, words in any order.
  const typedSearches = ['joao araujo', 'araujo joao', 'natalia lima', 'VITORIA SOUZA', 'otavio'];
  await get(`/api/leads?limit=100&q=${encodeURIComponent('joao araujo')}`);
  const searchTimes = async (searches: string[], query = '') => {
    const times: number[] = [];
    for (let run = 0; run < 40; run++) {
      const typed = searches[run % searches.length] as string;
      const started = performance.now();
      const page = await get(`/api/leads?limit=100&q=${encodeURIComponent(typed)}${query}`);
      times.push(performance.now() - started);
      if (page.leads.length === 0) throw new Error(`search "${typed}" found nothing`);
    }
    return times;
  };
  const typedTimes = await searchTimes(typedSearches);
  // A full name matches a few hundred leads in 10M: found by the trigram index, not by reading.
  const rareNames = ['beatriz nunes moreira', 'wesley nascimento andrade', 'gustavo dias rocha'];
  const rareTimes = await searchTimes(rareNames);
  const typedByNameTimes = await searchTimes(typedSearches, '&sort=name');
  return [
    below('list: first page (100 leads)', firstPage, 'ms', 50),
    below('list: deep page (1 000 from the end)', deepPage, 'ms', 50),
    atMost('list: deep page ÷ first page', deepPage / firstPage, '×', 2),
    below('list by name: first page', firstByName, 'ms', 50),
    below('list by name: a page from the middle of the alphabet', middleByName, 'ms', 50),
    below(`search by phone typed as "${typedPhone}"`, phoneSearch, 'ms', 20),
    below(`search by name "${nameFragment}"`, nameSearch, 'ms', 300),
    below(
      'search as typed ("joao araujo", "araujo joao", "VITORIA SOUZA"…): p95',
      percentile(typedTimes, 95),
      'ms',
      100,
    ),
    below(
      'search for a rare full name ("beatriz nunes moreira"…): p95',
      percentile(rareTimes, 95),
      'ms',
      100,
    ),
    below(
      'search as typed, in name order: p95',
      percentile(typedByNameTimes, 95),
      'ms',
      300,
      'the same searches as above, the list sorted by name',
    ),
  ];
}
