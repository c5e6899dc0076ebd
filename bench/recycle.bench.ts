import { sql } from 'kysely';
import { hashPassword } from '../src/server/auth/password-hashing.ts';
import { cookieFrom, testOrigin } from '../src/server/testing/test-app.ts';
import type { BenchContext } from './context.ts';
import { atMost, below, type Figure, median, percentile } from './harness.ts';

/** Assessors who keep opening their lists while the recycles run. */
const watchers = 20;
const watcherPauseMs = 100;
const idleMs = 5_000;

/** Gives `count` seeded assessors a password and answers their session cookies. */
async function signInAssessors(context: BenchContext, count: number): Promise<string[]> {
  const { app, database } = context;
  const password = 'Senha-da-reciclagem-1';
  const passwordHash = await hashPassword(password);
  const ids = context.assessorIds.slice(0, count);
  await database.db
    .insertInto('accounts')
    .values(
      ids.map((id) => ({
        id: `bench-recycle-${id}`,
        account_id: id,
        provider_id: 'credential',
        user_id: id,
        password: passwordHash,
      })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const users = await database.db
    .selectFrom('users')
    .select('email')
    .where('id', 'in', ids)
    .execute();
  const cookies: string[] = [];
  for (const { email } of users) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: testOrigin },
      payload: { email, password },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${email}: ${response.statusCode}`);
    cookies.push(cookieFrom(response));
  }
  return cookies;
}

/**
 * Each assessor opens their list, pauses, and opens it again until `until` resolves; answers
 * every request's time in milliseconds.
 */
async function watchLists(context: BenchContext, cookies: string[], until: Promise<unknown>) {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  await Promise.all(
    cookies.map(async (cookie) => {
      while (!done) {
        const started = performance.now();
        const response = await context.app.inject({ url: '/api/my-leads', headers: { cookie } });
        latencies.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`my-leads: ${response.statusCode}`);
        await new Promise((resolve) => setTimeout(resolve, watcherPauseMs));
      }
    }),
  );
  return latencies;
}

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

/**
 * POST /api/reciclarleadsteste on a fifth of the seeded leads made red, three times
 * alone, then once more while assessors keep opening their lists.
 */
export async function recycleBenchmarks(context: BenchContext): Promise<Figure[]> {
  const { app, adminCookie, leadCount } = context;
  // A fifth of the leads: 200 000 of the base's million, 2 000 000 of the scale run's ten.
  const target = Math.floor(leadCount / 5);
  // Issue #23's target for the scale run's two million; five seconds for the base's 200 000.
  const limitSeconds = target > 200_000 ? 30 : 5;
  await makeRed(context, target);
  const recycle = async () => {
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/reciclarleadsteste',
      headers: { origin: testOrigin, cookie: adminCookie },
    });
    const time = performance.now() - started;
    if (response.statusCode !== 200) {
      throw new Error(`recycle: ${response.statusCode} ${response.body}`);
    }
    const recycled = response.json().updatedAlertCount as number;
    if (recycled !== target) throw new Error(`recycle moved ${recycled} leads, not ${target}`);
    return time;
  };
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    if (run > 0) await refuseAgain(context);
    times.push(await recycle());
  }

  // One more, while assessors keep opening their lists.
  const cookies = await signInAssessors(context, watchers);
  const idle = await watchLists(
    context,
    cookies,
    new Promise((resolve) => setTimeout(resolve, idleMs)),
  );
  await refuseAgain(context);
  const watched = recycle();
  const during = await watchLists(context, cookies, watched);
  const watchedTime = await watched;
  const idleP95 = percentile(idle, 95);
  const duringP95 = percentile(during, 95);
  return [
    below(
      `recycle of ${target.toLocaleString('en')} red leads among ${leadCount.toLocaleString('en')}`,
      median(times) / 1000,
      's',
      limitSeconds,
      `median of 3 runs (${times.map((time) => (time / 1000).toFixed(2)).join(' s, ')} s), each in one transaction with a history row per lead`,
    ),
    atMost(
      "recycle: assessors' list p95 during ÷ idle",
      duringP95 / idleP95,
      '×',
      2,
      `${watchers} assessors opening GET /api/my-leads every ${watcherPauseMs} ms: p95 ${idleP95.toFixed(1)} ms idle (${idle.length} requests), ${duringP95.toFixed(1)} ms during a recycle (${during.length} requests; it took ${(watchedTime / 1000).toFixed(2)} s)`,
    ),
  ];
}
