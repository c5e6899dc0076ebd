import { randomUUID } from 'node:crypto';
import { testOrigin } from '../src/server/testing/test-app.ts';
import type { BenchContext } from './context.ts';
import { below, type Figure, median } from './harness.ts';

/** 500 assessors × 100 leads from the seeded pool, in one request, three times. */
export async function distributionBenchmarks(context: BenchContext): Promise<Figure[]> {
  const { app, adminCookie, assessorIds } = context;
  const each = 100;
  const times: number[] = [];
  let assigned = 0;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/distributions',
      headers: { origin: testOrigin, cookie: adminCookie, 'idempotency-key': randomUUID() },
      payload: { each },
    });
    times.push(performance.now() - started);
    if (response.statusCode !== 201)
      throw new Error(`distribution: ${response.statusCode} ${response.body}`);
    assigned = response.json().assigned;
  }
  return [
    below(
      `distribution of ${(assessorIds.length * each).toLocaleString('en')} leads to ${assessorIds.length} assessors`,
      median(times) / 1000,
      's',
      3,
      `median of 3 runs; the last assigned ${assigned.toLocaleString('en')} leads`,
    ),
  ];
}
