import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultTimeZone } from '../config/env.ts';
import type { Database } from '../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { createDistributionRepository } from './distribution.repository.ts';

// A centre's table over time: the oldest leads worked, a large pool behind them. Handing out
// the oldest of the pool must read those leads, not every worked lead before them nor the
// whole pool to sort it.
let database: TestDatabase;
const worked = 20_000;
const pooled = 20_000;
/** The oldest pool lead's number, on the block list. */
const blockedPhone = '+5521900000001';

beforeAll(async () => {
  database = await createTestDatabase();
  await sql`
    insert into users (id, name, email, role)
    values ('pool-assessor', 'Assessora', 'pool@cca.test', 'assessor')
  `.execute(database.db);
  await sql`
    insert into leads (name, phone, status, owner_id, assigned_at)
    select 'Trabalhado ' || n, '+55119' || lpad(n::text, 8, '0'),
      (array['red', 'green', 'assigned'])[1 + n % 3], 'pool-assessor', now()
    from generate_series(1, ${worked}) as n
  `.execute(database.db);
  await sql`
    insert into leads (name, phone, status, last_owner_id)
    select 'Na fila ' || n, '+55219' || lpad(n::text, 8, '0'),
      case when n % 4 = 0 then 'recycled' else 'new' end,
      case when n % 4 = 0 then 'pool-assessor' end
    from generate_series(1, ${pooled}) as n
  `.execute(database.db);
  // One of the oldest of the pool is on the block list: skipped, as ever.
  await sql`insert into do_not_call (phone, reason) values (${blockedPhone}, 'Pediu')`.execute(
    database.db,
  );
  await sql`vacuum analyze`.execute(database.db);
});
afterAll(async () => {
  await database?.drop();
});

/**
 * Rows read by scans of `leads` and entries read from its indexes. PostgreSQL keeps these
 * counters per connection until it reports them, a transaction's among its predecessors', so
 * a reading is a difference of two.
 */
async function leadsRead(trx: Kysely<Database>) {
  const { rows } = await sql<{ read: number }>`
    select sum(pg_stat_get_xact_tuples_returned(oid))::int as read from pg_class
     where oid = 'leads'::regclass
        or oid in (select indexrelid from pg_index where indrelid = 'leads'::regclass)
  `.execute(trx);
  return rows[0]?.read ?? 0;
}

/** `lockPool` in a transaction of its own (it writes nothing): the leads it locked, what it read. */
async function lockReading(limit: number, preferredAreaCodes?: string[]) {
  const distributions = createDistributionRepository(database.db, defaultTimeZone);
  return database.db.transaction().execute(async (trx) => {
    // A parallel worker's reads would be counted in its own process, not here.
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    const before = await leadsRead(trx);
    const locked = await distributions
      .within(trx)
      .lockPool({ statuses: ['new', 'recycled'] }, limit, preferredAreaCodes);
    const read = (await leadsRead(trx)) - before;
    const { rows: oldest } = await sql<{ id: number }>`
      select id from leads
       where status in ('new', 'recycled')
         and phone not in (select phone from do_not_call)
         and phone not in (select phone from block_list_phones)
       order by id limit ${limit}
    `.execute(trx);
    return { locked, read, oldest: oldest.map((lead) => lead.id) };
  });
}

it('locks the oldest callable leads of the pool reading the pool only', async () => {
  const { locked, read, oldest } = await lockReading(100);
  expect(locked.map((lead) => lead.id)).toEqual(oldest);
  expect(locked.filter((lead) => lead.recycled)).toHaveLength(25);
  // About 220: a window of 110 from the pool index, then each of them looked up; walking the
  // table in order read the 20,000 worked.
  expect(read).toBeLessThan(1_000);
});

it('knows how the leads spread over area codes, to walk the pool for the ones asked for', async () => {
  // Every pool lead is from area code 21. Without statistics on the area code, PostgreSQL
  // guessed a half percent of the leads per code: at 1M leads, too few to fill a page by
  // walking the pool in order, so it read and sorted all of it.
  const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`
    explain (format json)
    select 1 from leads l where substring(l.phone from 4 for 2) = any(${['21']}::text[])
  `.execute(database.db);
  expect(rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows']).toBeGreaterThan(15_000);
  const { locked, read, oldest } = await lockReading(2_000, ['21']);
  expect(locked.map((lead) => lead.id)).toEqual(oldest);
  // The window read through the pool index and each of its leads locked: about 4,400.
  expect(read).toBeLessThan(6_000);
});

it('reads the pool only when a block list holds more numbers than the table', async () => {
  // A state register: more numbers than the centre has leads, few of them its leads'. From
  // their counts alone PostgreSQL supposed every lead's number on it, and read and sorted the
  // whole pool to find the few it thought callable.
  await sql`
    insert into block_list_sources (name, name_key, list_date)
    values ('Procon-SP', 'procon-sp', '2026-11-01')
  `.execute(database.db);
  await sql`
    insert into block_list_phones (phone, source_id)
    select '+55119' || lpad(n::text, 8, '0'), s.id
    from generate_series(1, 60000) as n, block_list_sources s
  `.execute(database.db);
  await sql`analyze block_list_phones`.execute(database.db);
  const { locked, read, oldest } = await lockReading(100);
  expect(locked.map((lead) => lead.id)).toEqual(oldest);
  expect(read).toBeLessThan(1_000);
});

it('reads on past a window of blocked leads to hand out as many as asked', async () => {
  // The 59 oldest of the pool after the first, on the block list too: over half of the first
  // window the distribution reads.
  await sql`
    insert into do_not_call (phone, reason)
    select '+55219' || lpad(n::text, 8, '0'), 'Pediu' from generate_series(2, 60) as n
  `.execute(database.db);
  const { locked, oldest } = await lockReading(100);
  expect(locked).toHaveLength(100);
  expect(locked.map((lead) => lead.id)).toEqual(oldest);
});
