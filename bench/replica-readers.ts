/** The replica suite's readers: the dashboard and the exports, in a loop. */
import http from 'node:http';
import type { startServer } from './server.ts';

/** What the readers did while the calls were measured, by request kind. */
export interface ReaderTally {
  requests: Map<string, number[]>;
  errors: number;
  bytes: number;
}

/** The reports an administrator reads, each to its last byte: the reader's loop. */
export function readerPaths(days: { from: string; to: string }) {
  return [
    ['dashboard', '/api/dashboard'],
    // The refused leads (7.5 % of the base), as sent to another campaign; the calls' load
    // never makes a lead red, so every turn exports the same rows.
    ['leads export', '/api/leads/export?status=red&format=csv'],
    ['dashboard', '/api/dashboard'],
    // A past week's calls: the load's own calls, made today, are not in it.
    ['calls export', `/api/attempts/export?from=${days.from}&to=${days.to}&format=csv`],
  ] as const;
}

/** `count` administrators reading `paths` in a loop on `server` until stopped. */
export function startReaders(
  server: Awaited<ReturnType<typeof startServer>>,
  paths: ReturnType<typeof readerPaths>,
  count: number,
) {
  const tally: ReaderTally = { requests: new Map(), errors: 0, bytes: 0 };
  let stopping = false;
  const read = (agent: http.Agent, kind: string, path: string) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const request = http.get(
        `${server.baseUrl}${path}`,
        { agent, headers: { cookie: server.cookie } },
        (response) => {
          response.on('data', (chunk: Buffer) => {
            tally.bytes += chunk.length;
          });
          response.on('end', () => {
            if (response.statusCode !== 200) tally.errors++;
            const times = tally.requests.get(kind) ?? [];
            times.push(performance.now() - started);
            tally.requests.set(kind, times);
            resolve();
          });
          response.on('error', () => {
            tally.errors++;
            resolve();
          });
        },
      );
      request.on('error', () => {
        tally.errors++;
        resolve();
      });
    });
  const loops = Array.from({ length: count }, async (_, reader) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // Each reader starts at another point of the loop, so the exports overlap from the start.
    for (let step = reader; !stopping; step++) {
      const [kind, path] = paths[step % paths.length] as (typeof paths)[number];
      await read(agent, kind, path);
    }
    agent.destroy();
  });
  return {
    /** Lets each reader finish the report it is reading, then answers what they did. */
    async stop() {
      stopping = true;
      await Promise.all(loops);
      return tally;
    },
  };
}
