import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DistributionResult } from '../../core/distribution.ts';
import { type SpawnedServer, spawnServer } from '../testing/spawn-server.ts';
import {
  createTestApp,
  type TestApp,
  type TestUser,
  testAuthSecret,
  testOrigin,
} from '../testing/test-app.ts';

// Two server processes on one PostgreSQL, as behind a load balancer; the test's own app (same
// database, same secret) creates the users and the session.
let t: TestApp;
let servers: SpawnedServer[];
let urls: string[];
let adminCookie: string;
let assessors: TestUser[];

beforeAll(async () => {
  t = await createTestApp();
  const env = {
    DATABASE_URL: t.database.connectionString,
    AUTH_SECRET: testAuthSecret,
    TRUSTED_ORIGINS: testOrigin,
  };
  servers = await Promise.all([spawnServer(env), spawnServer(env)]);
  urls = servers.map((server) => server.baseUrl);
  adminCookie = await t.signInAsAdmin();
  assessors = [];
  for (const name of ['Ana', 'Bruno', 'Carla', 'Davi']) {
    assessors.push(await t.createSignedInUser('assessor', name));
  }
});
afterAll(async () => {
  for (const server of servers ?? []) {
    server.process.kill('SIGTERM');
    await server.exited;
  }
  await t.close();
});

describe('eight distributions at once on two server processes', () => {
  it('assigns every lead exactly once and the totals add up', async () => {
    const poolSize = 300;
    await t.database.db
      .insertInto('leads')
      .values(
        Array.from({ length: poolSize }, (_, index) => ({
          name: `Lead ${index}`,
          phone: `+552197${String(index).padStart(7, '0')}`,
          ...(index % 5 === 0
            ? { status: 'recycled' as const, last_owner_id: assessors[index % 4]?.id ?? null }
            : {}),
        })),
      )
      .execute();

    // 8 × 4 assessors × 20 = 640 asked of a pool of 300.
    const perAssessor = Object.fromEntries(assessors.map((assessor) => [assessor.id, 20]));
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        fetch(`${urls[index % 2]}/api/distributions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: testOrigin,
            cookie: adminCookie,
          },
          body: JSON.stringify({ perAssessor }),
        }),
      ),
    );
    const results: DistributionResult[] = [];
    for (const response of responses) {
      expect(response.status).toBe(201);
      results.push((await response.json()) as DistributionResult);
    }
    const answered = results.reduce((sum, result) => sum + result.assigned, 0);
    for (const result of results) {
      expect(result.requested).toBe(80);
      expect(result.shortfall).toBe(80 - result.assigned);
      expect(result.shares.reduce((sum, share) => sum + share.assigned, 0)).toBe(result.assigned);
    }

    const db = t.database.db;
    const statuses = await db
      .selectFrom('leads')
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('status')
      .execute();
    const countOf = (status: string) => statuses.find((row) => row.status === status)?.count ?? 0;
    const assignedNow = countOf('assigned');
    const poolLeft = countOf('new') + countOf('recycled');
    expect(answered).toBe(assignedNow);
    expect(assignedNow + poolLeft).toBe(poolSize);
    // The eight asked for more than the pool: it was consumed entirely.
    expect(assignedNow).toBe(poolSize);

    const twice = await db
      .selectFrom('lead_history')
      .select(['lead_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('reason', 'like', 'Distribuição #%')
      .groupBy('lead_id')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(twice).toEqual([]);
    const historyRows = await db
      .selectFrom('lead_history')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('reason', 'like', 'Distribuição #%')
      .executeTakeFirstOrThrow();
    expect(historyRows.count).toBe(poolSize);
    const shares = await db
      .selectFrom('distribution_shares')
      .select((eb) => eb.fn.sum<number>('assigned').as('total'))
      .executeTakeFirstOrThrow();
    expect(Number(shares.total)).toBe(poolSize);
  });
});
