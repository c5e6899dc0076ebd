import { sql } from 'kysely';
import { testOrigin } from '../src/server/testing/test-app.ts';
import type { BenchContext } from './context.ts';
import { below, type Figure, median } from './harness.ts';

/**
 * Sets the number of `red` leads to exactly `target`: leads from the `new` pool become refused
 * by an assessor when there are too few, extra refusals go back to `assigned` when too many.
 */
async function makeRed(context: BenchContext, target: number) {
  const { db } = context.database;
  const counted = await sql<{ red: number }>`
    select count(*)::int as red from leads where status = 'red'
  `.execute(db);
  const red = counted.rows[0]?.red ?? 0;
  if (red < target) {
    await sql`
      update leads l set status = 'red', attempts = 1,
        owner_id = (${context.assessorIds}::text[])[1 + l.id % ${context.assessorIds.length}],
        assigned_at = now() - interval '2 days', status_changed_at = now() - interval '1 day'
      where l.id in (select id from leads where status = 'new' order by id limit ${target - red})
    `.execute(db);
  } else if (red > target) {
    await sql`
      update leads set status = 'assigned'
      where id in (select id from leads where status = 'red' order by id limit ${red - target})
    `.execute(db);
  }
  await sql`vacuum analyze leads`.execute(db);
}

/** The leads the last recycle moved become refusals again, for the next run. */
async function refuseAgain(context: BenchContext) {
  const { db } = context.database;
  await sql`
    update leads set status = 'red', owner_id = last_owner_id, last_owner_id = null,
      assigned_at = now() - interval '2 days', status_changed_at = now() - interval '1 day'
    where status = 'recycled' and recycles > 0
  `.execute(db);
  await sql`vacuum analyze leads`.execute(db);
  await sql`vacuum analyze lead_history`.execute(db);
}

/** POST /api/reciclarleadsteste on 200 000 red leads among the seeded 1 000 000, three times. */
export async function recycleBenchmarks(context: BenchContext): Promise<Figure[]> {
  const { app, adminCookie, leadCount } = context;
  const target = Math.min(200_000, Math.floor(leadCount / 5));
  await makeRed(context, target);
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    if (run > 0) await refuseAgain(context);
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/reciclarleadsteste',
      headers: { origin: testOrigin, cookie: adminCookie },
    });
    times.push(performance.now() - started);
    if (response.statusCode !== 200) {
      throw new Error(`recycle: ${response.statusCode} ${response.body}`);
    }
    const recycled = response.json().updatedAlertCount as number;
    if (recycled !== target) throw new Error(`recycle moved ${recycled} leads, not ${target}`);
  }
  return [
    below(
      `recycle of ${target.toLocaleString('en')} red leads among ${leadCount.toLocaleString('en')}`,
      median(times) / 1000,
      's',
      5,
      `median of 3 runs (${times.map((time) => (time / 1000).toFixed(2)).join(' s, ')} s), each in one transaction with a history row per lead`,
    ),
  ];
}
