/** The replica suite's probes: the standby caught up, and the cores each process used. */
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/server/db/schema.ts';

export async function caughtUp(primary: Kysely<Database>, standby: Kysely<Database>) {
  const written = (
    await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(primary)
  ).rows[0]?.lsn;
  for (;;) {
    const { rows } = await sql<{ behind: number }>`
      select pg_wal_lsn_diff(${written}::pg_lsn, pg_last_wal_replay_lsn())::float8 as behind
    `.execute(standby);
    if ((rows[0]?.behind ?? 1) <= 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Each process's parent and CPU ticks (10 ms), its ended children's included (Linux /proc). */
export async function processTable() {
  const table = new Map<number, { parent: number; ticks: number }>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => undefined);
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, and cutime, cstime: a backend that ended counts in its postmaster's.
    const ticks = [11, 12, 13, 14].reduce((sum, field) => sum + Number(fields[field]), 0);
    table.set(Number(entry), { parent: Number(fields[1]), ticks });
  }
  return table;
}
export type ProcessTable = Awaited<ReturnType<typeof processTable>>;

/** The CPU ticks of `root` and every process under it. */
export function treeTicks(table: ProcessTable, root: number) {
  let ticks = 0;
  const pending = [root];
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    ticks += table.get(pid)?.ticks ?? 0;
    for (const [child, { parent }] of table) if (parent === pid) pending.push(child);
  }
  return ticks;
}

/** The primary's and the standby's postmasters: the children of ours running their folders. */
export async function postmasters() {
  const found: Record<string, number> = {};
  for (const [pid, { parent }] of await processTable()) {
    if (parent !== process.pid) continue;
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    const folder = /\/(primary|standby)\0/.exec(command)?.[1];
    if (folder) found[`${folder} PostgreSQL`] = pid;
  }
  if (Object.keys(found).length !== 2) throw new Error('replica: postmasters not found');
  return found;
}

/**
 * The cores each part took during a load: the servers and the benchmark (`withCpu`), each
 * PostgreSQL with its backends, and the rest of the machine, work that is none of this suite's.
 */
export function coresUsed(
  measured: { busy: number; cores: Record<string, number> },
  postgres: Record<string, number>,
  before: ProcessTable,
  after: ProcessTable,
  seconds: number,
) {
  const cores: Record<string, number> = { ...measured.cores };
  for (const [name, pid] of Object.entries(postgres)) {
    cores[name] = (treeTicks(after, pid) - treeTicks(before, pid)) / 100 / seconds;
  }
  const ours = Object.values(cores).reduce((sum, share) => sum + share, 0);
  cores['the rest of the machine'] = Math.max(0, measured.busy * os.cpus().length - ours);
  return cores;
}

export const coresText = (cores: Record<string, number>) =>
  Object.entries(cores)
    .map(([name, share]) => `${name} ${share.toFixed(2)}`)
    .join(', ');

/** The day `daysAgo` before today, as the exports' filters take it (the server's zone aside). */
export const isoDay = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 24 * 3600_000).toISOString().slice(0, 10);

/**
 * Issue #45: the assessors' calls while administrators read the dashboard and the exports, with
 * no readers, with the readers on the primary, and with them on a streaming replica (decision
 * 040). A primary and a `pg_basebackup -R` standby of Debian's PostgreSQL, seeded with the
 * base's leads and a fifth of its calls (the readers export a week of them, which the whole
 * table's size hardly changes); two servers on the primary, one of them with
 * DATABASE_REPLICA_URL; the loads of `phases` in alternate turns, so a drift of the machine
 * falls on each alike.
 */
