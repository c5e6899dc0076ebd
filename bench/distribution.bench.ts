import { randomUUID } from 'node:crypto';
import type { CallingCalendar } from '../src/core/calling-windows.ts';
import { testOrigin } from '../src/server/testing/test-app.ts';
import { everyHourCalendar, setCallingHours } from '../src/server/testing/test-settings.ts';
import type { BenchContext } from './context.ts';
import { below, type Figure, median } from './harness.ts';

/** Leads in each distribution: 50 000, as many to each assessor (100 each to the base's 500). */
const leadsPerDistribution = 50_000;

/** What each assessor gets in a distribution of 50 000 leads shared by all of them. */
export function eachOfFiftyThousand(assessorCount: number) {
  return Math.round(leadsPerDistribution / assessorCount);
}

/** Three distributions of `each` leads to every assessor: the median time and the last count. */
async function distributeThreeTimes(context: BenchContext, pool: Record<string, unknown>) {
  const each = eachOfFiftyThousand(context.assessorIds.length);
  const times: number[] = [];
  let assigned = 0;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/distributions',
      headers: {
        origin: testOrigin,
        cookie: context.adminCookie,
        'idempotency-key': randomUUID(),
      },
      payload: { each, pool },
    });
    times.push(performance.now() - started);
    if (response.statusCode !== 201)
      throw new Error(`distribution: ${response.statusCode} ${response.body}`);
    assigned = response.json().assigned;
  }
  return { seconds: median(times) / 1000, assigned };
}

/**
 * The seeded area codes of São Paulo, Rio, Minas and Paraná (7 of the 16) closed every day:
 * a distribution that prefers leads callable today skips almost every other lead of the pool.
 */
const fourStatesClosed: CallingCalendar = {
  ...everyHourCalendar,
  rules: {
    ...everyHourCalendar.rules,
    byUf: Object.fromEntries(
      (['SP', 'RJ', 'MG', 'PR'] as const).map((uf) => [
        uf,
        { weekdays: Array(7).fill(null), onHolidays: false, law: null },
      ]),
    ),
  },
};

/**
 * 50 000 leads from the seeded pool shared by every assessor (500 × 100 in the base run), in
 * one request, three times; then three
 * more preferring the leads callable today, as the page asks by default, with calling hours
 * that close 7 of the seeded 16 area codes.
 */
export async function distributionBenchmarks(context: BenchContext): Promise<Figure[]> {
  const { assessorIds, database } = context;
  const total = (assessorIds.length * eachOfFiftyThousand(assessorIds.length)).toLocaleString('en');
  const plain = await distributeThreeTimes(context, {});
  await setCallingHours(database.db, fourStatesClosed);
  const preferring = await distributeThreeTimes(context, { preferCallableToday: true });
  await setCallingHours(database.db, everyHourCalendar);
  return [
    below(
      `distribution of ${total} leads to ${assessorIds.length} assessors`,
      plain.seconds,
      's',
      3,
      `median of 3 runs; the last assigned ${plain.assigned.toLocaleString('en')} leads`,
    ),
    below(
      `distribution of ${total} leads preferring the ones callable today`,
      preferring.seconds,
      's',
      2,
      `median of 3 runs; 7 of the seeded 16 area codes closed all day; the last assigned ${preferring.assigned.toLocaleString('en')} leads`,
    ),
  ];
}
