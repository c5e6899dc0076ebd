import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultTimeZone } from '../config/env.ts';
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

it('locks the oldest callable leads of the pool reading the pool only', async () => {
  const distributions = createDistributionRepository(database.db, defaultTimeZone);
  await database.db.transaction().execute(async (trx) => {
    // A parallel worker's reads would be counted in its own process, not here.
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    const locked = await distributions.within(trx).lockPool({ statuses: ['new', 'recycled'] }, 100);
    // Rows read by a scan of the table and entries read from its indexes, in this transaction.
    const { rows } = await sql<{ read: number }>`
      select sum(pg_stat_get_xact_tuples_returned(oid))::int as read from pg_class
       where oid = 'leads'::regclass
          or oid in (select indexrelid from pg_index where indrelid = 'leads'::regclass)
    `.execute(trx);
    const { rows: oldest } = await sql<{ id: number }>`
      select id from leads
       where status in ('new', 'recycled') and phone <> ${blockedPhone}
       order by id limit 100
    `.execute(trx);
    expect(locked.map((lead) => lead.id)).toEqual(oldest.map((lead) => lead.id));
    expect(locked.filter((lead) => lead.recycled)).toHaveLength(25);
    // About 101 entries of the pool index; walking the table in order read the 20,000 worked.
    expect(rows[0]?.read).toBeLessThan(1_000);
  });
});
